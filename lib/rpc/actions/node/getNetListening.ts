import type { RpcClient } from '../../core';
import { boolean } from '../../parse/fields';

export type GetNetListeningReturnType = boolean;

/**
 * Whether the node is listening for peer connections.
 *
 * JSON-RPC: `net_listening`.
 *
 * @example
 * const listening = await getNetListening(client);
 */
export async function getNetListening(client: RpcClient): Promise<GetNetListeningReturnType> {
  return client.transport.request('net_listening', [], (r) => boolean(r, 'listening'));
}
