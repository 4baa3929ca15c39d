/**
 * Per chain: indexed height (the block cursor), the node's tip, lag and blocks per second, as the
 * writer recorded them beside its cursor (so an explorer reading an index another process writes
 * shows them too), and the trace cursor beside it: how far the trace pass (internal transfers)
 * is. Both are the stored cursors, so they never run ahead of what is committed. When this
 * process's writer cannot write (index-health.ts), the state is "failing" with the error and since
 * when, and each failing chain carries its own.
 */
import { configuredChains } from '@/lib/server/node/clients';
import type { ChainName } from '@/lib/protocol/chains';
import { FAILING_AFTER } from '@/lib/index/engine/index-writer';
import { pendingRereads, type PendingReread } from '@/lib/index/engine/rereader';
import { traceBehind, traceProgress, type TraceProgressRow } from '@/lib/index/readers/trace-progress-reader';
import { balanceProgress, type BalanceProgressRow } from '@/lib/index/readers/balance-reader';
import { untracedBlocks, type UntracedBlock } from '@/lib/index/readers/untraced-reader';
import { indexAvailability } from '@/lib/server/index/index-service';
import { writerHealth, type IndexHealth } from '@/lib/server/index/index-health';

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
  /** The trace cursor: the last stored block whose traces (internal transfers) are written too; null before the first. */
  readonly traceCursor: bigint | null;
  /** Blocks the block pass stored that the trace pass has not traced yet (0 when caught up); null before the first block. */
  readonly traceLag: bigint | null;
  /** Blocks traced per second, as the writer saw it. */
  readonly traceBlocksPerSecond: number | null;
  /**
   * While the trace pass waits because the node does not trace (no tracer package): the stored
   * blocks without internal transfers, the range and why; null otherwise.
   */
  readonly untraced: { readonly blocks: number; readonly first: bigint; readonly last: bigint; readonly reason: string } | null;
  /**
   * The balance pass: the last block whose balance changes are all written (both its stages passed
   * it; null before the first), the stored blocks it has not completed yet, and its blocks per second.
   */
  readonly balanceCursor: bigint | null;
  readonly balanceLag: bigint | null;
  readonly balanceBlocksPerSecond: number | null;
  /**
   * Blocks the trace pass gave up on (the node could not trace them within its budget) and passed:
   * how many, and the newest with why. Their internal transfers are not in the index.
   */
  readonly untracedBlocks: { readonly count: number; readonly newest: readonly UntracedBlock[] };
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
  let traces: Map<ChainName, TraceProgressRow>;
  let balances: Map<ChainName, BalanceProgressRow>;
  let skipped: Awaited<ReturnType<typeof untracedBlocks>>;
  try {
    rereads = await pendingRereads(index.db);
    traces = await traceProgress(index.db);
    balances = await balanceProgress(index.db);
    skipped = await untracedBlocks(index.db);
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
      // Against the block cursor read after it (the trace cursor only follows it): a lag never below the true one.
      const trace = traces.get(zone.name);
      const behind = trace && indexedHeight !== null ? traceBehind({ ...trace, indexed: indexedHeight }) : null;
      const liveTrace = index.writer?.status().traces.find((t) => t.chain === zone.name);
      const balance = balances.get(zone.name);
      const liveBalance = index.writer?.status().balances.find((b) => b.chain === zone.name);
      const balanced = balance ? (balance.complete ?? (balance.firstStored === null ? balance.indexed : balance.firstStored - 1n)) : null;
      return {
        chain: zone.name,
        indexedHeight,
        tip,
        lag: tip !== null ? tip - (indexedHeight ?? -1n) : null,
        blocksPerSecond: rate,
        updatedAt: row && typeof row.updated === 'string' ? row.updated : null,
        rereads: rereads.filter((r) => r.chain === zone.name).map(({ derivation, next, through }) => ({ derivation, next, through })),
        traceCursor: trace?.traced ?? null,
        traceLag: trace && indexedHeight !== null ? BigInt(behind?.blocks ?? 0) : null,
        traceBlocksPerSecond: liveTrace ? liveTrace.rate : trace?.rate ?? null,
        balanceCursor: balance?.complete ?? null,
        balanceLag: balanced !== null && indexedHeight !== null ? (indexedHeight > balanced ? indexedHeight - balanced : 0n) : null,
        balanceBlocksPerSecond: liveBalance ? liveBalance.rate : balance?.rate ?? null,
        untraced: behind?.stalled ? { blocks: behind.blocks, first: behind.indexedThrough - BigInt(behind.blocks) + 1n, last: behind.indexedThrough, reason: behind.stalled } : null,
        untracedBlocks: skipped.get(zone.name) ?? { count: 0, newest: [] },
        error: failing?.error ?? null,
        failingSince: failing ? new Date(failing.since).toISOString() : null,
      };
    }),
  };
  return failure ? { ...open, state: 'failing', failure } : { ...open, state: 'ready', failure: null };
}
