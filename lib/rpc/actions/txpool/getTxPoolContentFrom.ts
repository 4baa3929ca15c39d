import type { RpcClient } from '../../core';
import type { Address, TxPoolContent } from '../../domain';
import { parseTxPoolContentFrom } from '../../parse/txpool';

export interface GetTxPoolContentFromParameters {
  readonly address: Address;
}

export type GetTxPoolContentFromReturnType = TxPoolContent;

/**
 * The pool's transactions from one address. A default node may answer MethodNotFoundError.
 * Accepts the nonce-keyed answer of real nodes and the sender-keyed shape the spec describes.
 *
 * JSON-RPC: `txpool_contentFrom`.
 *
 * @example
 * const mine = await getTxPoolContentFrom(client, { address });
 */
export async function getTxPoolContentFrom(client: RpcClient, params: GetTxPoolContentFromParameters): Promise<GetTxPoolContentFromReturnType> {
  return client.transport.request('txpool_contentFrom', [params.address], (r) => parseTxPoolContentFrom(r, params.address));
}
