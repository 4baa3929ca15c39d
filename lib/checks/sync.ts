/**
 * Sync assessment for one chain, as the spec asks (§1): `syncing` is correct only for prime; a
 * `false` there says nothing about regions and zones, so "a client must check the sync progress of
 * every chain against the current tip". We check three things we can observe:
 *
 *   1. what `syncing` says (authoritative on prime, shown but flagged elsewhere);
 *   2. the chain against its dominant chains' tips: a zone header carries the prime and region
 *      heights it builds on (`number[0]`, `number[1]`); a zone that still builds on prime #P while
 *      prime's tip is well past P has not caught up with prime;
 *   3. the head's age against the chain's own block time: a chain whose head stopped moving is not
 *      in sync whatever `syncing` says.
 *
 * Pure: the page fetches, this decides.
 */
import type { Chain } from '@/lib/protocol/chains';
import type { SyncStatus, Triple } from '@/lib/rpc/domain';

export type SyncState = 'synced' | 'syncing' | 'behind' | 'stalled' | 'unknown';

export interface SyncInput {
  readonly chain: Chain;
  /** `syncing` as the node answered; undefined when the call failed. */
  readonly syncing: SyncStatus | undefined;
  /** The chain's head: its [prime, region, zone] numbers and timestamp (seconds). */
  readonly head: { readonly number: Triple<bigint>; readonly timestamp: bigint } | undefined;
  /** Tip numbers of the chains that dominate this one, by level (0 prime, 1 region), when configured. */
  readonly dominantTips: ReadonlyMap<number, bigint>;
  /** Average seconds between this chain's recent blocks, when known. */
  readonly avgBlockTimeSec?: number;
  readonly nowSec: number;
}

export interface SyncVerdict {
  readonly state: SyncState;
  /** One sentence for the reader: why this state. */
  readonly reason: string;
  /** Whether the node's own `syncing` answer is trustworthy for this chain (prime only). */
  readonly syncingReliable: boolean;
  /** currentBlock / highestBlock as a fraction, when the node reported progress. */
  readonly progress?: number;
}

/**
 * How many dominant blocks a chain may trail before it counts as behind. One is normal: a new prime
 * block made in another zone reaches this zone with its next block.
 */
export const DOMINANT_LAG_TOLERANCE = 1n;
/** A head older than this many average block times (and at least the floor) counts as stalled. */
export const STALL_FACTOR = 10;
export const STALL_FLOOR_SEC = 60;

const LEVEL_NAME = ['prime', 'region', 'zone'] as const;

function progressOf(s: SyncStatus | undefined): number | undefined {
  if (typeof s !== 'object' || s === null) return undefined;
  const current = s.currentBlock;
  const highest = s.highestBlock;
  if (current === undefined || highest === undefined || highest === 0n) return undefined;
  return Math.min(1, Number(current) / Number(highest));
}

export function stallThresholdSec(avgBlockTimeSec: number | undefined): number {
  if (avgBlockTimeSec === undefined || !Number.isFinite(avgBlockTimeSec) || avgBlockTimeSec <= 0) return STALL_FLOOR_SEC * 2;
  return Math.max(STALL_FLOOR_SEC, avgBlockTimeSec * STALL_FACTOR);
}

export function assessSync(input: SyncInput): SyncVerdict {
  const { chain, syncing, head } = input;
  const reliable = chain.level === 0;

  if (syncing !== undefined && syncing !== false) {
    const progress = progressOf(syncing);
    const pct = progress === undefined ? '' : ` (${(progress * 100).toFixed(1)}%)`;
    return {
      state: 'syncing',
      reason: reliable
        ? `The node reports prime is syncing${pct}.`
        : `The node reports syncing${pct}; only prime's report is reliable, but a node that says it is syncing is not synced.`,
      syncingReliable: reliable,
      progress,
    };
  }

  if (!head) {
    return { state: 'unknown', reason: 'The chain head could not be read, so its progress cannot be checked.', syncingReliable: reliable };
  }

  for (const [level, tip] of [...input.dominantTips.entries()].sort((a, b) => a[0] - b[0])) {
    if (level >= chain.level) continue;
    const seen = head.number[level];
    if (seen === undefined) continue;
    const lag = tip - seen;
    if (lag > DOMINANT_LAG_TOLERANCE) {
      return {
        state: 'behind',
        reason: `Its head builds on ${LEVEL_NAME[level]} #${seen}, but ${LEVEL_NAME[level]}'s tip is #${tip}: ${lag} ${LEVEL_NAME[level]} blocks behind.`,
        syncingReliable: reliable,
      };
    }
  }

  const age = input.nowSec - Number(head.timestamp);
  const threshold = stallThresholdSec(input.avgBlockTimeSec);
  if (age > threshold) {
    return {
      state: 'stalled',
      reason: `The head is ${Math.round(age)} s old, more than ${Math.round(threshold)} s${input.avgBlockTimeSec ? ` (${STALL_FACTOR}× the average block time)` : ''}: no new blocks are arriving.`,
      syncingReliable: reliable,
    };
  }

  const checks: string[] = [];
  if (reliable) checks.push('the node reports prime synced');
  const dominant = [...input.dominantTips.keys()].filter((l) => l < chain.level).map((l) => LEVEL_NAME[l]);
  if (dominant.length) checks.push(`its head builds on the current ${dominant.join(' and ')} tip`);
  checks.push(`the head is ${Math.max(0, Math.round(age))} s old`);
  return { state: 'synced', reason: `In sync: ${checks.join(', ')}.`, syncingReliable: reliable };
}
