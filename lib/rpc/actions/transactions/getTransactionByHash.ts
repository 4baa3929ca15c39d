import { methodName, type RpcClient } from '../../core';
import type { Hash, Transaction } from '../../domain';
import { parseTransaction } from '../../parse/transaction';

export interface GetTransactionByHashParameters {
  readonly hash: Hash;
}

export type GetTransactionByHashReturnType = Transaction | null;

/**
 * A transaction by hash, mined or pending (then blockHash/blockNumber/transactionIndex are null);
 * null when unknown.
 *
 * JSON-RPC: `{namespace}_getTransactionByHash` (spec `svc_getTransactionByHash`).
 *
 * @example
 * const tx = await getTransactionByHash(client, { hash });
 */
export async function getTransactionByHash(client: RpcClient, params: GetTransactionByHashParameters): Promise<GetTransactionByHashReturnType> {
  return client.transport.request(methodName(client, 'getTransactionByHash'), [params.hash], (r) => (r === null ? null : parseTransaction(r)));
}
