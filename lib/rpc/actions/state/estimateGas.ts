import { methodName, withinGasCap, type RpcClient } from '../../core';
import type { BlockTag, CallRequest } from '../../domain';
import { quantity } from '../../parse/fields';
import { encodeBlockTag, encodeCallRequest } from '../../encode';

export interface EstimateGasParameters {
  readonly request: CallRequest;
  /** Optional default block parameter (spec §2.2); the node uses `latest` when absent. */
  readonly blockTag?: BlockTag;
}

export type EstimateGasReturnType = bigint;

/**
 * Estimates the gas a call or transaction needs. The block tag is sent only when given (quais
 * sends none; some releases reject it).
 *
 * JSON-RPC: `{namespace}_estimateGas` (spec `svc_estimateGas`).
 *
 * @example
 * const gas = await estimateGas(client, { request: { from, to, value: 1n } });
 */
export async function estimateGas(client: RpcClient, params: EstimateGasParameters): Promise<EstimateGasReturnType> {
  return client.transport.request(methodName(client, 'estimateGas'), params.blockTag === undefined ? [encodeCallRequest(withinGasCap(client, params.request))] : [encodeCallRequest(withinGasCap(client, params.request)), encodeBlockTag(params.blockTag)], (r) => quantity(r, 'estimateGas'));
}
