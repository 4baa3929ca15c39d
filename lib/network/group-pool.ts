/**
 * Turns a txpool section pair (pending + queued, sender → nonce → entry) into what the page shows:
 * one group per sender, entries ordered by nonce, with the missing nonces marked as gaps.
 *
 * Why gaps matter: a node only executes a sender's transactions in nonce order, so a queued
 * transaction waits until every nonce below it exists. The gap is what the reader needs to see
 * ("nonce 7 is missing, so 8 and 9 are stuck"). Where the account's current nonce is known
 * (`getTransactionCount`), the gap before the first pooled nonce is marked too.
 *
 * Generic over the entry so it serves `txpool_content` (transactions) and `txpool_inspect`
 * (summary strings) alike. Pure: no React, no node.
 */
import type { Address, TxPoolSection } from '@/lib/rpc/domain';

export type PoolStatus = 'pending' | 'queued';

export type PoolRow<T> =
  | { readonly kind: 'tx'; readonly nonce: bigint; readonly status: PoolStatus; readonly entry: T }
  /** Nonces `from`..`to` (inclusive) are absent from the pool and from the chain. */
  | { readonly kind: 'gap'; readonly from: bigint; readonly to: bigint };

export interface SenderGroup<T> {
  readonly sender: Address;
  readonly rows: readonly PoolRow<T>[];
  readonly pendingCount: number;
  readonly queuedCount: number;
  /** Number of missing nonces in all gaps together. */
  readonly missingNonces: bigint;
}

export interface PoolSections<T> {
  readonly pending: TxPoolSection<T>;
  readonly queued: TxPoolSection<T>;
}

function gapRow<T>(from: bigint, to: bigint): PoolRow<T> {
  return { kind: 'gap', from, to };
}

/**
 * Groups one sender's entries. `accountNonce` is the sender's next nonce on chain (the
 * `latest` transaction count); undefined when not known, in which case no leading gap is drawn.
 */
export function groupSender<T>(
  sender: Address,
  pending: ReadonlyMap<bigint, T> | undefined,
  queued: ReadonlyMap<bigint, T> | undefined,
  accountNonce?: bigint,
): SenderGroup<T> {
  const entries: { nonce: bigint; status: PoolStatus; entry: T }[] = [];
  for (const [nonce, entry] of pending ?? []) entries.push({ nonce, status: 'pending', entry });
  for (const [nonce, entry] of queued ?? []) {
    // A node never lists one nonce in both; if one did, the pending entry is the one that executes.
    if (pending?.has(nonce)) continue;
    entries.push({ nonce, status: 'queued', entry });
  }
  entries.sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0));

  const rows: PoolRow<T>[] = [];
  let missing = 0n;
  let expected = accountNonce;
  for (const e of entries) {
    if (expected !== undefined && e.nonce > expected) {
      rows.push(gapRow<T>(expected, e.nonce - 1n));
      missing += e.nonce - expected;
    }
    rows.push({ kind: 'tx', nonce: e.nonce, status: e.status, entry: e.entry });
    expected = e.nonce + 1n;
  }
  return {
    sender,
    rows,
    pendingCount: entries.filter((e) => e.status === 'pending').length,
    queuedCount: entries.filter((e) => e.status === 'queued').length,
    missingNonces: missing,
  };
}

/**
 * All senders of a pool, each grouped. Senders with a gap come first (they are what a reader
 * debugging a stuck transaction looks for), then by address.
 */
export function groupPool<T>(
  sections: PoolSections<T>,
  accountNonces: ReadonlyMap<string, bigint> = new Map(),
): SenderGroup<T>[] {
  const senders = new Map<string, Address>();
  for (const s of [...sections.pending.keys(), ...sections.queued.keys()]) senders.set(s.toLowerCase(), s);
  const groups = [...senders.entries()].map(([key, sender]) =>
    groupSender(sender, findSection(sections.pending, key), findSection(sections.queued, key), accountNonces.get(key)),
  );
  return groups.sort((a, b) => {
    const ga = a.missingNonces > 0n ? 0 : 1;
    const gb = b.missingNonces > 0n ? 0 : 1;
    if (ga !== gb) return ga - gb;
    return a.sender.toLowerCase() < b.sender.toLowerCase() ? -1 : 1;
  });
}

/** Section lookup that ignores address case (nodes differ on checksumming keys). */
function findSection<T>(section: TxPoolSection<T>, lowerSender: string): ReadonlyMap<bigint, T> | undefined {
  for (const [sender, batch] of section) if (sender.toLowerCase() === lowerSender) return batch;
  return undefined;
}

/** Senders that have queued entries: the ones whose account nonce the page fetches to draw leading gaps. */
export function sendersWithQueued<T>(sections: PoolSections<T>): Address[] {
  return [...sections.queued.entries()].filter(([, batch]) => batch.size > 0).map(([s]) => s);
}

/** "nonce 7" or "nonces 7–9". */
export function describeGap(from: bigint, to: bigint): string {
  return from === to ? `nonce ${from}` : `nonces ${from}–${to}`;
}
