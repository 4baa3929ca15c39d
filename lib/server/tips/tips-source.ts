/**
 * The process's coalesced tips, shared by the home page and /api/tips; with REDIS_URL, shared
 * by the whole fleet through one poller (./shared-tips.ts).
 */
import { coalesce, type Coalesced } from '@/lib/server/cache/coalesce';
import { getReaders } from '@/lib/server/node/clients';
import { reportNodeDown } from '@/lib/server/pipeline/health';
import { isAllChainsDown, readTips } from './tips';
import type { TipsSnapshot } from '@/lib/tips/tips-types';
import { sharedTips } from './shared-tips';
import { sharedRedis } from '@/lib/shared/redis';

const KEY = Symbol.for('strata.server.tips');
type Holder = { [KEY]?: Coalesced<TipsSnapshot> };

/**
 * How long one read of the tips serves every viewer: the viewers' own polling interval (2 s,
 * components/home/HomeLive.tsx). A read is one batched request per chain while reads keep up
 * with the chain (two when it must fetch older blocks it has not seen, lib/server/cache/recent-blocks.ts), so
 * this keeps a chain's node at one request per second or less however many viewers poll.
 */
export const TIPS_TTL_MS = 2_000;

/** Tips of every configured chain: one node read per TIPS_TTL_MS at most, however many viewers poll. */
export function getTips(): Promise<TipsSnapshot> {
  const holder = globalThis as Holder;
  const fromNode = () => readTips(getReaders().all);
  holder[KEY] ??= coalesce(() => (sharedRedis() ? sharedTips(fromNode) : fromNode()), TIPS_TTL_MS);
  return holder[KEY]().catch((error: unknown) => {
    if (isAllChainsDown(error)) reportNodeDown();
    throw error;
  });
}
