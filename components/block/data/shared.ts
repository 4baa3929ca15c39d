/**
 * A short-lived shared result per key, on globalThis: proxy.ts checks that a block or
 * transaction exists (to answer a real 404 before anything renders, see entity-check.ts) and the
 * page then renders the same data, so both use one node round trip. Concurrent callers share one
 * promise; a result is kept `ttlMs` (a few seconds: numbers can be re-mined, the tip moves);
 * failures are never kept, so a node that comes back is asked again at once.
 */
const KEY = Symbol.for('strata.pages1.shared');
type Entry = { promise: Promise<unknown>; expires: number };
type Holder = { [KEY]?: Map<string, Entry> };

const MAX_ENTRIES = 500;

export function shared<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const holder = globalThis as Holder;
  const map = (holder[KEY] ??= new Map());
  const now = Date.now();
  const hit = map.get(key);
  if (hit && hit.expires > now) return hit.promise as Promise<T>;
  if (map.size >= MAX_ENTRIES) {
    for (const [k, e] of map) if (e.expires <= now) map.delete(k);
    if (map.size >= MAX_ENTRIES) map.clear();
  }
  const promise = load();
  // Kept while in flight (so concurrent callers share it) and for ttlMs after it settles.
  const entry: Entry = { promise, expires: Number.POSITIVE_INFINITY };
  map.set(key, entry);
  promise.then(
    () => {
      entry.expires = Date.now() + ttlMs;
    },
    () => {
      if (map.get(key) === entry) map.delete(key);
    },
  );
  return promise;
}
