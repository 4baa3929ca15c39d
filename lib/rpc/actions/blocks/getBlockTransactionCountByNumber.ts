import { methodName, type RpcClient } from '../../core';
import type { BlockTag } from '../../domain';
import { nullable, quantity } from '../../parse/fields';
import { encodeBlockTag } from '../../encode';

export interface GetBlockTransactionCountByNumberParameters {
  /** A block number of this chain, or a tag. */
  readonly blockNumber: BlockTag;
}

export type GetBlockTransactionCountByNumberReturnType = bigint | null;

/**
 * The number of transactions in a block; null when the block is unknown.
 *
 * JSON-RPC: `{namespace}_getBlockTransactionCountByNumber` (spec `svc_getBlockTransactionCountByNumber`).
 *
 * @example
 * const n = await getBlockTransactionCountByNumber(client, { blockNumber: 42n });
 */
export async function getBlockTransactionCountByNumber(client: RpcClient, params: GetBlockTransactionCountByNumberParameters): Promise<GetBlockTransactionCountByNumberReturnType> {
  return client.transport.request(methodName(client, 'getBlockTransactionCountByNumber'), [encodeBlockTag(params.blockNumber)], (r) => nullable(quantity)(r, 'transactionCount'));
}
