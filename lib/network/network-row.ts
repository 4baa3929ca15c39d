/**
 * One configured chain as the network page shows it: every figure the node gave, each of which
 * may instead have failed (or be unserved) on its own without hiding the others.
 */
import type { Chain } from '@/lib/protocol/chains';
import type { NodeLocation, SyncStatus } from '@/lib/rpc/domain';
import type { SyncVerdict } from '@/lib/checks/sync';

export type Field<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly unserved: boolean; readonly message: string };

export interface NetworkRow {
  readonly chain: Chain;
  /** The chain's URL with credentials removed. */
  readonly url: string;
  readonly chainId: Field<bigint>;
  readonly location: Field<NodeLocation>;
  readonly blockNumber: Field<bigint>;
  readonly head: Field<{ readonly number: readonly [bigint, bigint, bigint]; readonly timestamp: bigint; readonly hash: string }>;
  readonly syncing: Field<SyncStatus>;
  readonly listening: Field<boolean>;
  readonly peerCount: Field<bigint>;
  readonly netVersion: Field<string>;
  readonly avgBlockTimeSec: number | undefined;
  readonly verdict: SyncVerdict;
}

/** Whether the node's location matches the chain we configured at that URL (a misconfiguration check). */
export function locationMatches(chain: Chain, location: NodeLocation): boolean {
  // Nodes answer [region, zone] on every port; prime and region ports report the node's zone too
  // in some releases, so only the levels the chain has are compared.
  return chain.location.every((b, i) => location[i] === b);
}
