/**
 * Request coalescing: many concurrent readers, one node round trip.
 *
 * Every viewer of the home page polls the tips every ~2 s. Without coalescing, node load grows
 * with the number of viewers; with it, all polls that arrive while a fetch is in flight share
 * that fetch, and polls within `ttlMs` after it succeeded share its result. A failure is never
 * kept: the next call tries the node again, so the site recovers by itself when the node returns.
 */
export interface Coalesced<T> {
  (): Promise<T>;
  /** Forget the cached value (tests, or after a write that must be seen at once). */
  invalidate(): void;
}

export function coalesce<T>(fetcher: () => Promise<T>, ttlMs: number, now: () => number = Date.now): Coalesced<T> {
  let inFlight: Promise<T> | undefined;
  let cached: { value: T; at: number } | undefined;

  const call = (() => {
    if (cached && now() - cached.at < ttlMs) return Promise.resolve(cached.value);
    if (inFlight) return inFlight;
    const started = fetcher().then(
      (value) => {
        cached = { value, at: now() };
        inFlight = undefined;
        return value;
      },
      (error: unknown) => {
        // Don't cache the failure: the very next call asks the node again.
        inFlight = undefined;
        throw error;
      },
    );
    inFlight = started;
    return started;
  }) as Coalesced<T>;
  call.invalidate = () => {
    cached = undefined;
  };
  return call;
}

/** `coalesce` per key (e.g. per chain, per block number), with at most `maxKeys` remembered. */
export function coalesceByKey<K, T>(
  fetcher: (key: K) => Promise<T>,
  ttlMs: number,
  maxKeys = 256,
  now: () => number = Date.now,
): (key: K) => Promise<T> {
  const entries = new Map<K, Coalesced<T>>();
  return (key: K) => {
    let entry = entries.get(key);
    if (!entry) {
      entry = coalesce(() => fetcher(key), ttlMs, now);
      entries.set(key, entry);
      if (entries.size > maxKeys) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    }
    return entry();
  };
}
