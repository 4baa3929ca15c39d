import { methodName, type RpcClient } from '../../core';
import type { Hash } from '../../domain';
import { nullable, quantity } from '../../parse/fields';

export interface GetBlockTransactionCountByHashParameters {
  readonly blockHash: Hash;
}

export type GetBlockTransactionCountByHashReturnType = bigint | null;

/**
 * The number of transactions in a block; null when the block is unknown.
 *
 * JSON-RPC: `{namespace}_getBlockTransactionCountByHash` (spec `svc_getBlockTransactionCountByHash`).
 *
 * @example
 * const n = await getBlockTransactionCountByHash(client, { blockHash });
 */
export async function getBlockTransactionCountByHash(client: RpcClient, params: GetBlockTransactionCountByHashParameters): Promise<GetBlockTransactionCountByHashReturnType> {
  return client.transport.request(methodName(client, 'getBlockTransactionCountByHash'), [params.blockHash], (r) => nullable(quantity)(r, 'transactionCount'));
}
