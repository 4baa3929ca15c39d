/**
 * The process's coalesced tips, shared by the home page and /api/tips; with REDIS_URL, shared
 * by the whole fleet through one poller (./shared-tips.ts).
 */
import { coalesce, type Coalesced } from '@/lib/server/cache/coalesce';
import { getReaders } from '@/lib/server/node/clients';
import { reportNodeDown } from '@/lib/server/node/health';
import { isAllChainsDown, readTipsAndBlocks, type TipsRead } from './tips';
import type { ChainName } from '@/lib/protocol/chains';
import type { TipsSnapshot } from '@/lib/network/tips-types';
import { sharedTips } from './shared-tips';
import { processWide } from '@/lib/ops/process-wide';
import { sharedRedis } from '@/lib/ops/redis';

/** One per process: getTips() runs in whichever bundle asked first, the streams' hook may come from another. */
interface Tips {
  read?: Coalesced<TipsSnapshot>;
  last?: { readonly snapshot: TipsSnapshot; readonly at: number };
  reads?: TipsReadHook;
}

/**
 * What the event streams (lib/server/stream/) take from a read of the node: before it, the
 * zones whose txpool content to ask for in the same batch; after it, the blocks it saw, from
 * which the feed's entries are drafted. Runs only in the process that reads the node (with
 * Redis, the fleet's reader of that refresh), before the snapshot is shared. `ingest` answers
 * the feed's position after the read, carried in the snapshot (`streamPosition`) so a page drawn
 * from it streams from exactly there.
 */
export interface TipsReadHook {
  wants(): Promise<ReadonlySet<ChainName>>;
  ingest(read: TipsRead): Promise<string | undefined>;
}
const tips = () => processWide<Tips>('tips', () => ({}));

/** Sets the hook of every read (one: a second bundle's replaces it). */
export function onTipsReadFromNode(hook: TipsReadHook): void {
  tips().reads = hook;
}

/**
 * How long one read of the tips serves every viewer: the viewers' own polling interval (2 s,
 * components/home/HomeLive.tsx). A read is one batched request per chain while reads keep up
 * with the chain (two when it must fetch older blocks it has not seen, lib/server/node/recent-blocks.ts), so
 * this keeps a chain's node at one request per second or less however many viewers poll.
 */
export const TIPS_TTL_MS = 2_000;

/** Tips of every configured chain: one node read per TIPS_TTL_MS at most, however many viewers poll. */
export function getTips(): Promise<TipsSnapshot> {
  const state = tips();
  const fromNode = async (): Promise<TipsSnapshot> => {
    const hook = state.reads;
    const poolOf = hook ? await hook.wants().catch(() => undefined) : undefined;
    const read = await readTipsAndBlocks(getReaders().all, poolOf ? { poolOf } : {});
    // The streams' failure is theirs: the snapshot is served regardless.
    const position = hook ? await hook.ingest(read).catch(() => undefined) : undefined;
    return position === undefined ? read.snapshot : { ...read.snapshot, streamPosition: position };
  };
  state.read ??= coalesce(
    () =>
      (sharedRedis() ? sharedTips(fromNode) : fromNode()).then((snapshot) => {
        state.last = { snapshot, at: Date.now() };
        return snapshot;
      }),
    TIPS_TTL_MS,
  );
  return state.read().catch((error: unknown) => {
    if (isAllChainsDown(error)) {
      reportNodeDown();
      state.last = undefined;
    }
    throw error;
  });
}

/**
 * The snapshot getTips() would answer now without reading anything, or undefined when it would
 * read (none yet, or older than TIPS_TTL_MS). Synchronous, for the page cache
 * (lib/server/page-cache/variant.ts), which answers before Next routes the request.
 * It is set just before the coalesced value is cached, so it never outlives it.
 */
export function freshTips(now: number = Date.now()): TipsSnapshot | undefined {
  const { last } = tips();
  return last && now - last.at < TIPS_TTL_MS - 1 ? last.snapshot : undefined;
}

/**
 * The last snapshot read, if younger than `maxAgeMs`, whether or not getTips() would read again
 * now; undefined after the node went down (getTips() forgets it). For the page cache, which serves
 * the copy of the newest snapshot this process has while a new read is in flight.
 */
export function lastTips(maxAgeMs: number, now: number = Date.now()): TipsSnapshot | undefined {
  const { last } = tips();
  return last && now - last.at < maxAgeMs ? last.snapshot : undefined;
}
