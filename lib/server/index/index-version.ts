/**
 * What the index holds, as a short key that changes whenever a read of it could answer
 * differently: the database's commit counter (lib/index/commit-version.ts), which every commit of
 * the writer raises (either pass's), whichever process writes. Every process reading the index sees it: `npm
 * start` writing its own PGlite index, and explorers with STRATA_INDEX=read beside `npm run
 * indexer` on PostgreSQL alike. Readers of the index key what they share by it
 * (lib/server/cache/coalesce.ts), so any number of viewers of one address cost one query per
 * commit, and the next request after a commit reads the new rows.
 *
 * Undefined while the index is not open or its commits are not heard (the LISTEN lost): then no
 * one can say when the rows change, and readers share only reads in flight.
 */
import type { IndexAvailability } from '@/lib/server/index/index-service';
import { coalesceShared } from '@/lib/server/cache/coalesce';

export function indexVersion(index: IndexAvailability): string | undefined {
  return index.state === 'ready' ? index.commits.current() : undefined;
}

/** How long a read keyed by the version is kept: the key changes with every commit, this only bounds memory. */
export const VERSIONED_TTL_MS = 10_000;

/**
 * `read` shared by every caller asking `key` under the index's current version: one query per
 * commit, however many viewers ask, and the next call after a commit reads the new rows. Without a
 * known version only the calls during one read share it. Failures are never kept.
 */
export function readPerVersion<T>(index: IndexAvailability, key: string, read: () => Promise<T>): Promise<T> {
  const version = indexVersion(index);
  return coalesceShared(`${key}@${version ?? 'unknown'}`, version === undefined ? 0 : VERSIONED_TTL_MS, read);
}
