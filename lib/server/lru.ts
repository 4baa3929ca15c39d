/**
 * A small least-recently-used cache. Used for data that can never change once seen — a block
 * by hash never changes (its hash commits to every field) — so entries never expire, they only
 * make room.
 */
import { recordCacheLookup } from '@/lib/ops/metrics';

export class LruCache<K, V> {
  private readonly map = new Map<K, V>();
  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity <= 0) throw new Error('LruCache capacity must be a positive integer');
  }

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    if (!this.map.has(key)) return undefined;
    const value = this.map.get(key) as V;
    // Re-insert to mark as most recently used (Map keeps insertion order).
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  set(key: K, value: V): void {
    if (this.map.has(key)) this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.capacity) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.map.delete(oldest.value);
    }
  }
}

/**
 * Memoise an async lookup of immutable data in an LRU. Concurrent lookups of the same key share
 * one promise; a failed lookup is not remembered; a `null`/`undefined` result (not found — the
 * block may simply not exist *yet*) is not remembered either, nor one `keep` rejects.
 */
export function memoImmutable<K, V>(
  lookup: (key: K) => Promise<V | null | undefined>,
  capacity: number,
  options: {
    /** Whether an answer may be kept; one that fails (e.g. not what was asked for) is returned but not cached. */
    readonly keep?: (key: K, value: V) => boolean;
    /** The name its hits and misses are counted under in /api/metrics. */
    readonly name?: string;
  } = {},
): (key: K) => Promise<V | null | undefined> {
  const { keep = () => true, name = 'immutable' } = options;
  const cache = new LruCache<K, V>(capacity);
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
