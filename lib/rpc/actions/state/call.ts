import { methodName, withinGasCap, type RpcClient } from '../../core';
import type { BlockTag, CallRequest, Hex } from '../../domain';
import { data } from '../../parse/fields';
import { encodeBlockTag, encodeCallRequest } from '../../encode';

export interface CallParameters {
  readonly request: CallRequest;
  /** Default block parameter (spec §2.2); default `latest`. */
  readonly blockTag?: BlockTag;
}

export type CallReturnType = Hex;

/**
 * Executes a message call against the state of a block, without creating a transaction; returns
 * the returned data.
 *
 * JSON-RPC: `{namespace}_call` (spec `svc_call`).
 *
 * @example
 * const out = await call(client, { request: { to: token, data: '0x70a08231…' } });
 */
export async function call(client: RpcClient, params: CallParameters): Promise<CallReturnType> {
  return client.transport.request(methodName(client, 'call'), [encodeCallRequest(withinGasCap(client, params.request)), encodeBlockTag(params.blockTag ?? 'latest')], (r) => data(r, 'call'));
}
