import type { RpcClient } from '../../core';
import { parseNetVersion } from '../../parse/scalars';

export type GetNetVersionReturnType = string;

/**
 * The devp2p network id as decimal digits. `params` must be empty (spec §8).
 *
 * JSON-RPC: `net_version`.
 *
 * @example
 * const id = await getNetVersion(client); // '1337'
 */
export async function getNetVersion(client: RpcClient): Promise<GetNetVersionReturnType> {
  return client.transport.request('net_version', [], (r) => parseNetVersion(r, 'netVersion'));
}
