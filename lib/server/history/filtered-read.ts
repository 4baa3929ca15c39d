/**
 * A page of one of an address's lists under the reader's filter, shared per index version like
 * every list read (@/lib/server/index/index-version.ts): the filter resolved (./resolve-filter.ts) in the same read,
 * so a thousand viewers of one filtered page cost one resolution and one page per commit.
 */
import { filterQuery, NO_FILTER, type HistoryFilter } from '@/lib/routes/params/history-filter';
import type { ListFilter } from '@/lib/index/readers/paging/list-filter';
import type { IndexAvailability } from '@/lib/server/index/index-service';
import { readPerVersion } from '@/lib/server/index/index-version';
import { resolveFilter } from './resolve-filter';

/** What a list page's options carry: its size and cursor, and the reader's filter (none by default). */
export interface ListPageOptions {
  readonly limit: number;
  readonly cursor: string | null;
  readonly filter?: HistoryFilter;
}

export type FilteredRead<T> = { readonly kind: 'read'; readonly value: T } | { readonly kind: 'bad-filter'; readonly message: string };

export class FilterRefused extends Error {}

/**
 * `read` with the resolved filter, shared under `key` (which this completes with the page and the
 * filter); `empty` when no indexed block falls in the filter's range.
 */
export async function readFilteredPerVersion<T>(
  index: Extract<IndexAvailability, { state: 'ready' }>,
  key: string,
  options: ListPageOptions,
  read: (filter: ListFilter | undefined) => Promise<T>,
  empty: T,
): Promise<FilteredRead<T>> {
  const filter = options.filter ?? NO_FILTER;
  try {
    const value = await readPerVersion(index, `${key}:${options.limit}:${options.cursor ?? ''}${filterQuery(filter)}`, async () => {
      const resolved = await resolveFilter(index.db, filter);
      if (resolved.kind === 'bad') throw new FilterRefused(resolved.message);
      return resolved.kind === 'empty' ? empty : read(resolved.filter);
    });
    return { kind: 'read', value };
  } catch (error) {
    if (error instanceof FilterRefused) return { kind: 'bad-filter', message: error.message };
    throw error;
  }
}
