/**
 * Immutable lookups memoised in an LRU (lru-cache). For data that can never change once seen —
 * a block by hash never changes (its hash commits to every field) — so entries never expire,
 * they only make room.
 */
import { LRUCache } from 'lru-cache';
import { recordCacheLookup } from '@/lib/ops/metrics';

/**
 * Memoise an async lookup of immutable data in an LRU of `max` entries. Concurrent lookups of the
 * same key share one load (lru-cache's fetch()); a failed lookup is not remembered; a "not found"
 * (`null`, or `undefined`: the block may simply not exist *yet*) is not remembered either and is
 * answered as `null`, nor is an answer `keep` rejects (it is returned all the same).
 */
export function memoImmutable<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  lookup: (key: K) => Promise<V | null | undefined>,
  max: number,
  options: {
    /** Whether an answer may be kept; one that fails (e.g. not what was asked for) is returned but not cached. */
    readonly keep?: (key: K, value: V) => boolean;
    /** The name its hits and misses are counted under in /api/metrics. */
    readonly name?: string;
  } = {},
): (key: K) => Promise<V | null> {
  const { keep = () => true, name = 'immutable' } = options;
  const cache = new LRUCache<K, V>({
    max,
    // lru-cache keeps no undefined: a "not found" is shared by the lookups that waited for it, never kept.
    fetchMethod: async (key) => (await lookup(key)) ?? undefined,
  });
  return async (key: K) => {
    const status: LRUCache.Status<K, V> = {};
    const value = await cache.fetch(key, { status });
    recordCacheLookup(name, status.fetch === 'hit');
    if (value === undefined) return null;
    if (status.fetch !== 'hit' && !keep(key, value)) cache.delete(key);
    return value;
  };
}
