/**
 * The reader's watchlist, kept in this browser's local storage (key `strata-watchlist`, the
 * format of ./watch-file.ts) and shared by every open tab: a change in one reaches the others
 * through the `storage` event. Shaped for React's useSyncExternalStore, as the reader's labels
 * (lib/search/labels/own-labels.ts): `subscribeWatchlist`, and a snapshot that stays the same object
 * until the stored text changes. Safe to import on the server: there the list is empty.
 */
import { MAX_WATCHED, parseWatchFile, serializeWatchFile, type WatchActivity, type WatchEntry } from './watch-file';

export const WATCHLIST_KEY = 'strata-watchlist';
const EMPTY: readonly WatchEntry[] = [];
const listeners = new Set<() => void>();
let cached: { readonly text: string | null; readonly list: readonly WatchEntry[] } = { text: null, list: EMPTY };

export type WatchWrite = { readonly ok: true } | { readonly ok: false; readonly error: string };

function storedText(): string | null {
  try {
    return window.localStorage.getItem(WATCHLIST_KEY);
  } catch {
    return null; // storage disabled: nothing watched, nothing breaks
  }
}

export function watchlistSnapshot(): readonly WatchEntry[] {
  if (typeof window === 'undefined') return EMPTY;
  const text = storedText();
  if (text !== cached.text) {
    const parsed = text ? parseWatchFile(text) : undefined;
    cached = { text, list: parsed?.ok ? parsed.watched : EMPTY };
  }
  return cached.list;
}

export function serverWatchlistSnapshot(): readonly WatchEntry[] {
  return EMPTY;
}

export function subscribeWatchlist(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === WATCHLIST_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function write(list: readonly WatchEntry[]): WatchWrite {
  try {
    window.localStorage.setItem(WATCHLIST_KEY, serializeWatchFile(list));
  } catch (error) {
    return { ok: false, error: `the browser would not keep it (${error instanceof Error ? error.message : String(error)})` };
  }
  for (const listener of [...listeners]) listener();
  return { ok: true };
}

export function isWatched(address: string): boolean {
  return watchlistSnapshot().some((e) => e.address === address.toLowerCase());
}

export function watch(address: string): WatchWrite {
  const list = watchlistSnapshot();
  const key = address.toLowerCase();
  if (list.some((e) => e.address === key)) return { ok: true };
  if (list.length >= MAX_WATCHED) return { ok: false, error: `the watchlist holds at most ${MAX_WATCHED} addresses; remove one first` };
  return write([...list, { address: key, since: Date.now() }]);
}

export function unwatch(address: string): WatchWrite {
  const key = address.toLowerCase();
  return write(watchlistSnapshot().filter((e) => e.address !== key));
}

/** The latest activity of watched addresses, as a stream announced it. */
export function recordActivity(updates: ReadonlyArray<{ address: string; activity: WatchActivity }>): void {
  if (updates.length === 0) return;
  const latest = new Map(updates.map((u) => [u.address, u.activity]));
  let changed = false;
  const list = watchlistSnapshot().map((entry) => {
    const activity = latest.get(entry.address);
    if (!activity || (entry.last && entry.last.hash === activity.hash && entry.last.status === activity.status)) return entry;
    changed = true;
    return { ...entry, last: activity };
  });
  if (changed) write(list);
}

/** Merges an imported list (an imported entry replaces one for the same address); all or none. */
export function importWatchlist(entries: readonly WatchEntry[]): WatchWrite & { readonly count: number } {
  const next = new Map(watchlistSnapshot().map((e) => [e.address, e]));
  for (const entry of entries) next.set(entry.address, entry);
  if (next.size > MAX_WATCHED) return { ok: false, error: `the watchlist would hold ${next.size} addresses, and holds at most ${MAX_WATCHED}`, count: 0 };
  return { ...write([...next.values()]), count: entries.length };
}

export function exportWatchlist(): string {
  return serializeWatchFile(watchlistSnapshot());
}
