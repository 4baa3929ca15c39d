/**
 * The tips snapshot shared by a fleet of explorer instances through Redis (lib/ops/redis.ts):
 * whichever instance first finds the shared snapshot older than two seconds takes a short lock and
 * becomes the poller for that refresh; it reads the node and writes the snapshot, and every other
 * instance reads that snapshot instead of the node. The election is per refresh (a lock with a
 * 2 s lease, released once the snapshot is written): no poller to fail over, so an instance
 * that dies mid-read costs at most one 2 s gap, and the node sees one instance's load.
 *
 * When Redis does not answer, the instance reads the node itself (as without REDIS_URL).
 */
import { INSTANCE_ID, tryRedis } from '@/lib/ops/redis';
import type { TipsSnapshot } from '@/lib/network/tips-types';

const SNAPSHOT_KEY = 'strata:tips:snapshot';
const LOCK_KEY = 'strata:tips:poller';
/** A snapshot younger than this is served as is (the same freshness as one instance's coalescing, tips-source.ts). */
const FRESH_MS = 2_000;
/** How long a follower waits for the poller's snapshot before falling back. */
const WAIT_MS = 2_000;

function parse(text: string | null | undefined): TipsSnapshot | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as TipsSnapshot;
    return typeof value.fetchedAt === 'number' && Array.isArray(value.chains) ? value : undefined;
  } catch {
    return undefined;
  }
}

const fresh = (s: TipsSnapshot | undefined): s is TipsSnapshot => s !== undefined && Date.now() - s.fetchedAt < FRESH_MS;

/** The fleet's snapshot, read from the node by at most one instance per refresh. */
export async function sharedTips(readFromNode: () => Promise<TipsSnapshot>): Promise<TipsSnapshot> {
  const current = parse(await tryRedis((r) => r.get(SNAPSHOT_KEY)));
  if (fresh(current)) return current;
  const lock = await tryRedis((r) => r.set(LOCK_KEY, INSTANCE_ID, 'PX', 2_000, 'NX'));
  if (lock === undefined) return readFromNode(); // Redis is not answering: alone, as without it
  if (lock === 'OK') {
    try {
      const snapshot = await readFromNode();
      await tryRedis((r) => r.set(SNAPSHOT_KEY, JSON.stringify(snapshot), 'PX', 60_000));
      return snapshot;
    } finally {
      await tryRedis((r) => r.del(LOCK_KEY));
    }
  }
  // Another instance is reading the node: wait for its snapshot.
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = parse(await tryRedis((r) => r.get(SNAPSHOT_KEY)));
    if (fresh(next)) return next;
  }
  return current ?? readFromNode();
}
