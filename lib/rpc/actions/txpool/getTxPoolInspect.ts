import type { RpcClient } from '../../core';
import type { TxPoolInspect } from '../../domain';
import { parseTxPoolInspect } from '../../parse/txpool';

export type GetTxPoolInspectReturnType = TxPoolInspect;

/**
 * Summary strings of the pool (opaque: their format varies by release).
 *
 * JSON-RPC: `txpool_inspect`.
 *
 * @example
 * const summary = await getTxPoolInspect(client);
 */
export async function getTxPoolInspect(client: RpcClient): Promise<GetTxPoolInspectReturnType> {
  return client.transport.request('txpool_inspect', [], (r) => parseTxPoolInspect(r));
}
