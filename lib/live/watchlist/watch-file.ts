/**
 * The reader's watchlist as JSON, used two ways: kept in this browser's local storage
 * (./watchlist-store.ts) and exported to a file and imported back (the Watchlist page), like
 * the labels (lib/search/labels/label-file.ts):
 *
 *   { "version": 1, "watched": [ { "address": "0x…", "since": 1700000000000, "last": { … } } ] }
 *
 * `since`: when it was watched (ms); `last`: the latest activity the explorer saw (optional).
 * Pure and browser-safe; parsing never throws, it says which entry is wrong and why.
 */
import { MAX_ADDRESSES } from '@/lib/live/subscription';

export const WATCH_FILE_VERSION = 1;
/** One stream follows them all (lib/live/subscription.ts). */
export const MAX_WATCHED = MAX_ADDRESSES;

export interface WatchActivity {
  readonly hash: string;
  readonly chain: string;
  /** What the address did: sent, received (also an ETX credited to it), both, or its ETX arrived. */
  readonly direction: 'in' | 'out' | 'self' | 'etx';
  readonly status: 'pending' | 'mined';
  /** Wei, decimal. */
  readonly value: string;
  /** When the explorer saw it (ms). */
  readonly at: number;
}

export interface WatchEntry {
  /** Lower case. */
  readonly address: string;
  readonly since: number;
  readonly last?: WatchActivity;
}

export type ParsedWatchFile = { readonly ok: true; readonly watched: readonly WatchEntry[] } | { readonly ok: false; readonly error: string };

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function activityOf(value: unknown): WatchActivity | undefined {
  if (!isRecord(value)) return undefined;
  const { hash, chain, direction, status, value: wei, at } = value;
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash) || typeof chain !== 'string' || !/^[a-z0-9]{1,20}$/.test(chain)) return undefined;
  if (direction !== 'in' && direction !== 'out' && direction !== 'self' && direction !== 'etx') return undefined;
  if (status !== 'pending' && status !== 'mined') return undefined;
  if (typeof wei !== 'string' || !/^\d{1,78}$/.test(wei) || typeof at !== 'number' || !Number.isFinite(at)) return undefined;
  return { hash, chain, direction, status, value: wei, at };
}

function entryAt(item: unknown, i: number): WatchEntry | string {
  if (!isRecord(item)) return `entry ${i} is not an object`;
  if (typeof item.address !== 'string' || !ADDRESS.test(item.address)) return `entry ${i}: "address" is not a 20-byte hex address`;
  const since = typeof item.since === 'number' && Number.isFinite(item.since) ? item.since : Date.now();
  const last = activityOf(item.last);
  return last ? { address: item.address.toLowerCase(), since, last } : { address: item.address.toLowerCase(), since };
}

/** Reads a watchlist file; a later entry for the same address replaces an earlier one. */
export function parseWatchFile(text: string): ParsedWatchFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isRecord(json) || !Array.isArray(json.watched)) return { ok: false, error: 'Expected an object with a "watched" array: { "version": 1, "watched": [ … ] }.' };
  if (json.version !== WATCH_FILE_VERSION) return { ok: false, error: `Unknown version ${JSON.stringify(json.version)}: this explorer reads version ${WATCH_FILE_VERSION}.` };
  const byAddress = new Map<string, WatchEntry>();
  for (const [i, item] of json.watched.entries()) {
    const entry = entryAt(item, i);
    if (typeof entry === 'string') return { ok: false, error: entry };
    byAddress.set(entry.address, entry);
  }
  return { ok: true, watched: [...byAddress.values()] };
}

export function serializeWatchFile(watched: readonly WatchEntry[]): string {
  return `${JSON.stringify({ version: WATCH_FILE_VERSION, watched }, null, 2)}\n`;
}
