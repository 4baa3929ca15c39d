import { methodName, type RpcClient } from '../../core';
import type { Hash, Transaction } from '../../domain';
import { encodeQuantity } from '../../encode';
import { parseTransaction } from '../../parse/transaction';

export interface GetTransactionByBlockHashAndIndexParameters {
  readonly blockHash: Hash;
  readonly index: number | bigint;
}

export type GetTransactionByBlockHashAndIndexReturnType = Transaction | null;

/**
 * A transaction by block hash and index; null when absent.
 *
 * JSON-RPC: `{namespace}_getTransactionByBlockHashAndIndex` (spec `svc_getTransactionByBlockHashAndIndex`).
 *
 * @example
 * const tx = await getTransactionByBlockHashAndIndex(client, { blockHash, index: 0 });
 */
export async function getTransactionByBlockHashAndIndex(client: RpcClient, params: GetTransactionByBlockHashAndIndexParameters): Promise<GetTransactionByBlockHashAndIndexReturnType> {
  return client.transport.request(methodName(client, 'getTransactionByBlockHashAndIndex'), [params.blockHash, encodeQuantity(params.index)], (r) => (r === null ? null : parseTransaction(r)));
}
