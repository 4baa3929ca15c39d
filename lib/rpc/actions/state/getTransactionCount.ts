import { methodName, type RpcClient } from '../../core';
import type { Address, BlockTag } from '../../domain';
import { quantity } from '../../parse/fields';
import { encodeBlockTag } from '../../encode';

export interface GetTransactionCountParameters {
  readonly address: Address;
  /** Default block parameter (spec §2.2); default `latest`. */
  readonly blockTag?: BlockTag;
}

export type GetTransactionCountReturnType = bigint;

/**
 * The number of transactions sent from an address (its nonce); with `pending`, including the pool.
 *
 * JSON-RPC: `{namespace}_getTransactionCount` (spec `svc_getTransactionCount`).
 *
 * @example
 * const nonce = await getTransactionCount(client, { address, blockTag: 'pending' });
 */
export async function getTransactionCount(client: RpcClient, params: GetTransactionCountParameters): Promise<GetTransactionCountReturnType> {
  return client.transport.request(methodName(client, 'getTransactionCount'), [params.address, encodeBlockTag(params.blockTag ?? 'latest')], (r) => quantity(r, 'transactionCount'));
}
