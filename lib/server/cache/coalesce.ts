/**
 * Request coalescing: many concurrent readers, one node round trip.
 *
 * Every viewer of the home page polls the tips every ~2 s. Without coalescing, node load grows
 * with the number of viewers; with it, all polls that arrive while a fetch is in flight share
 * that fetch, and polls within `ttlMs` after it succeeded share its result. A failure is not
 * kept (a shared lookup's timeout only for two seconds): the next call tries the node again, so
 * the site recovers by itself when the node returns.
 */
import { recordCoalescedWaiter } from '@/lib/ops/metrics';
import { processWide } from '@/lib/ops/process-wide';

export interface Coalesced<T> {
  (): Promise<T>;
  /** Forget the cached value (tests, or after a write that must be seen at once). */
  invalidate(): void;
}

/** One coalesced value: the fetch in flight, or the last result and when it arrived. */
interface Slot<T> {
  inFlight?: Promise<T>;
  cached?: { value: T; at: number };
  /** A timed-out fetch, answered again for TIMED_OUT_MS (coalesceShared only). */
  timedOut?: { error: unknown; at: number };
}

/**
 * How long a shared lookup that timed out answers its callers with the same failure instead of
 * asking the node again: one request's lookups (the page cache's finality check, proxy.ts's
 * existence check, the page) meet a hung node once, not once each, and requests queued behind it
 * are answered at once. Short, so a node that answers again is asked again almost at once.
 */
const TIMED_OUT_MS = 2_000;

function isTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'RpcTimeoutError';
}

function fetchInto<T>(slot: Slot<T>, fetcher: () => Promise<T>, ttlMs: number, now: () => number, keepTimeouts = false): Promise<T> {
  if (keepTimeouts && slot.timedOut && now() - slot.timedOut.at < TIMED_OUT_MS) return Promise.reject(slot.timedOut.error);
  if (slot.cached && now() - slot.cached.at < ttlMs) {
    recordCoalescedWaiter('recent');
    return Promise.resolve(slot.cached.value);
  }
  if (slot.inFlight) {
    recordCoalescedWaiter('in-flight');
    return slot.inFlight;
  }
  const started = fetcher().then(
    (value) => {
      slot.cached = { value, at: now() };
      slot.timedOut = undefined;
      slot.inFlight = undefined;
      return value;
    },
    (error: unknown) => {
      // Don't cache the failure (a timeout only briefly, where asked): the next call asks the node again.
      if (keepTimeouts && isTimeout(error)) slot.timedOut = { error, at: now() };
      slot.inFlight = undefined;
      throw error;
    },
  );
  slot.inFlight = started;
  return started;
}

export function coalesce<T>(fetcher: () => Promise<T>, ttlMs: number, now: () => number = Date.now): Coalesced<T> {
  const slot: Slot<T> = {};
  const call = (() => fetchInto(slot, fetcher, ttlMs, now)) as Coalesced<T>;
  call.invalidate = () => {
    slot.cached = undefined;
  };
  return call;
}

/** The slot of `key`, created when missing; the oldest key is forgotten beyond `maxKeys`. */
function slotOf<K, T>(slots: Map<K, Slot<T>>, key: K, maxKeys: number): Slot<T> {
  let slot = slots.get(key);
  if (!slot) {
    slot = {};
    slots.set(key, slot);
    if (slots.size > maxKeys) {
      const oldest = slots.keys().next();
      if (!oldest.done) slots.delete(oldest.value);
    }
  }
  return slot;
}

/** `coalesce` per key (e.g. per chain, per block number), with at most `maxKeys` remembered. */
export function coalesceByKey<K, T>(
  fetcher: (key: K) => Promise<T>,
  ttlMs: number,
  maxKeys = 256,
  now: () => number = Date.now,
): (key: K) => Promise<T> {
  const slots = new Map<K, Slot<T>>();
  return (key: K) => fetchInto(slotOf(slots, key, maxKeys), () => fetcher(key), ttlMs, now);
}

const MAX_SHARED_KEYS = 500;

/**
 * `coalesceByKey` for the whole process, each caller passing its own loader: requests for the
 * same block or transaction at once (and a route's resolver and a search naming it) share one
 * node round trip. One map per process (lib/ops/process-wide.ts): proxy.ts, the pages and
 * server.ts are bundled apart (a module-level map would give each bundle its own). `ttlMs` is a few seconds for
 * block and transaction lookups: numbers can be re-mined, the tip moves.
 */
export function coalesceShared<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const slots = processWide('coalesced', () => new Map<string, Slot<unknown>>());
  return fetchInto(slotOf(slots, key, MAX_SHARED_KEYS), load, ttlMs, Date.now, true) as Promise<T>;
}
