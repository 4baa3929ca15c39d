/**
 * Immutable lookups memoised in an LRU (lru-cache). For data that can never change once seen —
 * a block by hash never changes (its hash commits to every field) — so entries never expire,
 * they only make room.
 */
import { LRUCache } from 'lru-cache';
import { recordCacheLookup } from '@/lib/ops/metrics';

/**
 * Memoise an async lookup of immutable data in an LRU of `max` entries. Concurrent lookups of the
 * same key share one promise; a failed lookup is not remembered; a `null`/`undefined` result (not
 * found — the block may simply not exist *yet*) is not remembered either, nor one `keep` rejects.
 * (lru-cache keeps non-nullish keys and values only: undefined is how it says "absent".)
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
): (key: K) => Promise<V | null | undefined> {
  const { keep = () => true, name = 'immutable' } = options;
  const cache = new LRUCache<K, V>({ max });
  const pending = new Map<K, Promise<V | null | undefined>>();
  return (key: K) => {
    const hit = cache.get(key);
    recordCacheLookup(name, hit !== undefined);
    if (hit !== undefined) return Promise.resolve(hit);
    const running = pending.get(key);
    if (running) return running;
    const started = lookup(key)
      .then((value) => {
        if (value !== null && value !== undefined && keep(key, value)) cache.set(key, value);
        return value;
      })
      .finally(() => pending.delete(key));
    pending.set(key, started);
    return started;
  };
}
