import type { RpcClient } from '../../core';
import type { TxPoolContent } from '../../domain';
import { parseTxPoolContent } from '../../parse/txpool';

export type GetTxPoolContentReturnType = TxPoolContent;

/**
 * The pool: pending and queued transactions by sender and nonce. A default node may answer
 * MethodNotFoundError.
 *
 * JSON-RPC: `txpool_content`.
 *
 * @example
 * const { pending, queued } = await getTxPoolContent(client);
 */
export async function getTxPoolContent(client: RpcClient): Promise<GetTxPoolContentReturnType> {
  return client.transport.request('txpool_content', [], (r) => parseTxPoolContent(r));
}
