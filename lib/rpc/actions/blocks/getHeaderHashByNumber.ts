import { methodName, type RpcClient } from '../../core';
import type { BlockTag, Hash } from '../../domain';
import { hash, nullable } from '../../parse/fields';
import { encodeBlockTag } from '../../encode';

export interface GetHeaderHashByNumberParameters {
  /** A block number of this chain, or a tag. */
  readonly blockNumber: BlockTag;
}

export type GetHeaderHashByNumberReturnType = Hash | null;

/**
 * The hash of the header at a number; null when there is none.
 *
 * JSON-RPC: `{namespace}_getHeaderHashByNumber` (spec `svc_getHeaderHashByNumber`).
 *
 * @example
 * const h = await getHeaderHashByNumber(client, { blockNumber: 42n });
 */
export async function getHeaderHashByNumber(client: RpcClient, params: GetHeaderHashByNumberParameters): Promise<GetHeaderHashByNumberReturnType> {
  return client.transport.request(methodName(client, 'getHeaderHashByNumber'), [encodeBlockTag(params.blockNumber)], (r) => nullable(hash)(r, 'headerHash'));
}
