/**
 * Per chain: indexed height, the node's tip, lag and blocks per second, as the writer recorded
 * them beside its cursor (so an explorer reading an index another process writes shows them too).
 * The indexed height is the stored cursor, so it never runs ahead of what is committed. When this
 * process's writer cannot write (index-health.ts), the state is "failing" with the error and since
 * when, and each failing chain carries its own.
 */
import { configuredChains } from '@/lib/server/node/clients';
import type { ChainName } from '@/lib/chains';
import { FAILING_AFTER } from '@/lib/index/engine/index-writer';
import { pendingRereads, type PendingReread } from '@/lib/index/engine/rereader';
import { untracedBlocks } from '@/lib/index/readers/internal-transfer-reader';
import { indexAvailability } from '@/lib/server/process/index-service';
import { writerHealth, type IndexHealth } from '@/lib/server/process/index-health';

export interface ChainIndexStatus {
  readonly chain: ChainName;
  readonly indexedHeight: bigint | null;
  readonly tip: bigint | null;
  readonly lag: bigint | null;
  readonly blocksPerSecond: number | null;
  /** When the writer last moved this chain's cursor or recorded its tip. */
  readonly updatedAt: string | null;
  /**
   * Stored blocks being read again for derivations a migration added (tokens, transfers,
   * journeys, daily counts): each with the next block and the last; empty when none.
   */
  readonly rereads: readonly Omit<PendingReread, 'chain'>[];
  /**
   * Blocks stored without internal transfers because the node did not trace them (no tracer
   * package): how many, the range and why; null when every stored block was traced.
   */
  readonly untraced: { readonly blocks: number; readonly first: bigint; readonly last: bigint; readonly reason: string } | null;
  /** While this process's writer fails on this chain: the last error and since when (ISO 8601). */
  readonly error: string | null;
  readonly failingSince: string | null;
}

/** Why the index is failing: its writer's last error, since when, how many turns failed, which chain. */
export type IndexFailure = Required<Pick<IndexHealth, 'error' | 'since' | 'failures'>> & Pick<IndexHealth, 'chain'>;

interface OpenIndexStatus {
  readonly writer: 'this process' | 'another process';
  readonly chains: readonly ChainIndexStatus[];
}

export type IndexStatus =
  | (OpenIndexStatus & { readonly state: 'ready'; readonly failure: null })
  | (OpenIndexStatus & { readonly state: 'failing'; readonly failure: IndexFailure })
  | { readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string };

export async function loadIndexStatus(): Promise<IndexStatus> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { state: index.state, reason: index.reason };
  let rows;
  let rereads: PendingReread[];
  let untraced: Awaited<ReturnType<typeof untracedBlocks>>;
  try {
    rereads = await pendingRereads(index.db);
    untraced = await untracedBlocks(index.db);
    rows = await index.db.query(
      `SELECT chain, number::text AS number, tip::text AS tip, rate, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated
         FROM index_cursor`,
    );
  } catch (error) {
    return { state: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
  const byChain = new Map(rows.map((r) => [String(r.chain), r]));
  const zones = configuredChains().filter((c) => c.level === 2);
  const writing = index.writer?.status().role === 'writer';
  const health = writerHealth(index.writer);
  const failure = health.state === 'failing'
    ? { error: health.error ?? '', since: health.since ?? '', failures: health.failures ?? 0, ...(health.chain ? { chain: health.chain } : {}) }
    : null;
  const open: OpenIndexStatus = {
    writer: writing ? 'this process' : 'another process',
    chains: zones.map((zone): ChainIndexStatus => {
      const row = byChain.get(zone.name);
      const indexedHeight = row && typeof row.number === 'string' ? BigInt(row.number) : null;
      // The in-process writer knows the freshest tip; another process's is the one it recorded.
      const live = index.writer?.status().chains.find((c) => c.chain === zone.name);
      const tip = live?.tip ?? (row && typeof row.tip === 'string' ? BigInt(row.tip) : null);
      const rate = live ? live.rate : row && row.rate !== null ? Number(row.rate) : null;
      const failing = live?.failing && live.failing.count >= FAILING_AFTER ? live.failing : undefined;
      return {
        chain: zone.name,
        indexedHeight,
        tip,
        lag: tip !== null ? tip - (indexedHeight ?? -1n) : null,
        blocksPerSecond: rate,
        updatedAt: row && typeof row.updated === 'string' ? row.updated : null,
        rereads: rereads.filter((r) => r.chain === zone.name).map(({ derivation, next, through }) => ({ derivation, next, through })),
        untraced: untraced.get(zone.name) ?? null,
        error: failing?.error ?? null,
        failingSince: failing ? new Date(failing.since).toISOString() : null,
      };
    }),
  };
  return failure ? { ...open, state: 'failing', failure } : { ...open, state: 'ready', failure: null };
}
