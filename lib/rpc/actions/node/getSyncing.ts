import { methodName, type RpcClient } from '../../core';
import type { SyncStatus } from '../../domain';
import { parseSyncStatus } from '../../parse/scalars';

export type GetSyncingReturnType = SyncStatus;

/**
 * Whether the node is syncing. Correct for the prime chain only (spec §1): `false` means synced in
 * prime, not necessarily in every region and zone.
 *
 * JSON-RPC: `{namespace}_syncing` (spec `svc_syncing`).
 *
 * @example
 * const syncing = await getSyncing(client); // false
 */
export async function getSyncing(client: RpcClient): Promise<GetSyncingReturnType> {
  return client.transport.request(methodName(client, 'syncing'), [], (r) => parseSyncStatus(r, 'syncing'));
}
