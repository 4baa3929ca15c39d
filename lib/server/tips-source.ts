/**
 * The process's coalesced tips, shared by the home page and /api/tips; with REDIS_URL, shared
 * by the whole fleet through one poller (./shared-tips.ts).
 */
import { coalesce, type Coalesced } from './coalesce';
import { getReaders } from './clients';
import { reportNodeDown } from './health';
import { isAllChainsDown, readTips } from './tips';
import type { TipsSnapshot } from './tips-types';
import { sharedTips } from './shared-tips';
import { sharedRedis } from '@/lib/shared/redis';

const KEY = Symbol.for('strata.server.tips');
type Holder = { [KEY]?: Coalesced<TipsSnapshot> };

/** Tips of every configured chain: one node read per second at most, however many viewers poll. */
export function getTips(): Promise<TipsSnapshot> {
  const holder = globalThis as Holder;
  const fromNode = () => readTips(getReaders().all);
  holder[KEY] ??= coalesce(() => (sharedRedis() ? sharedTips(fromNode) : fromNode()), 1_000);
  return holder[KEY]().catch((error: unknown) => {
    if (isAllChainsDown(error)) reportNodeDown();
    throw error;
  });
}
