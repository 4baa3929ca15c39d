import { methodName, type RpcClient } from '../../core';
import type { BlockTag } from '../../domain';
import { nullable, quantity } from '../../parse/fields';
import { encodeBlockTag } from '../../encode';

export interface GetUncleCountByBlockNumberParameters {
  /** A block number of this chain, or a tag. */
  readonly blockNumber: BlockTag;
}

export type GetUncleCountByBlockNumberReturnType = bigint | null;

/**
 * The number of uncles of a block; null when the block is unknown.
 *
 * JSON-RPC: `{namespace}_getUncleCountByBlockNumber` (spec `svc_getUncleCountByBlockNumber`).
 *
 * @example
 * const n = await getUncleCountByBlockNumber(client, { blockNumber: 42n });
 */
export async function getUncleCountByBlockNumber(client: RpcClient, params: GetUncleCountByBlockNumberParameters): Promise<GetUncleCountByBlockNumberReturnType> {
  return client.transport.request(methodName(client, 'getUncleCountByBlockNumber'), [encodeBlockTag(params.blockNumber)], (r) => nullable(quantity)(r, 'uncleCount'));
}
