import type { RpcClient } from '../../core';
import type { TxPoolStatus } from '../../domain';
import { parseTxPoolStatus } from '../../parse/txpool';

export type GetTxPoolStatusReturnType = TxPoolStatus;

/**
 * Counts of pending and queued transactions.
 *
 * JSON-RPC: `txpool_status`.
 *
 * @example
 * const { pending, queued } = await getTxPoolStatus(client);
 */
export async function getTxPoolStatus(client: RpcClient): Promise<GetTxPoolStatusReturnType> {
  return client.transport.request('txpool_status', [], (r) => parseTxPoolStatus(r));
}
