import type { RpcClient } from '../../core';
import { quantity } from '../../parse/fields';

export type GetNetPeerCountReturnType = bigint;

/**
 * The number of connected peers.
 *
 * JSON-RPC: `net_peerCount`.
 *
 * @example
 * const peers = await getNetPeerCount(client);
 */
export async function getNetPeerCount(client: RpcClient): Promise<GetNetPeerCountReturnType> {
  return client.transport.request('net_peerCount', [], (r) => quantity(r, 'peerCount'));
}
