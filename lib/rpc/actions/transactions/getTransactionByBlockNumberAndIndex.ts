import { methodName, type RpcClient } from '../../core';
import type { BlockTag, Transaction } from '../../domain';
import { encodeBlockTag, encodeQuantity } from '../../encode';
import { parseTransaction } from '../../parse/transaction';

export interface GetTransactionByBlockNumberAndIndexParameters {
  /** A block number of this chain, or a tag. */
  readonly blockNumber: BlockTag;
  readonly index: number | bigint;
}

export type GetTransactionByBlockNumberAndIndexReturnType = Transaction | null;

/**
 * A transaction by block number and index; null when absent.
 *
 * JSON-RPC: `{namespace}_getTransactionByBlockNumberAndIndex` (spec `svc_getTransactionByBlockNumberAndIndex`).
 *
 * @example
 * const tx = await getTransactionByBlockNumberAndIndex(client, { blockNumber: 42n, index: 0 });
 */
export async function getTransactionByBlockNumberAndIndex(client: RpcClient, params: GetTransactionByBlockNumberAndIndexParameters): Promise<GetTransactionByBlockNumberAndIndexReturnType> {
  return client.transport.request(methodName(client, 'getTransactionByBlockNumberAndIndex'), [encodeBlockTag(params.blockNumber), encodeQuantity(params.index)], (r) => (r === null ? null : parseTransaction(r)));
}
