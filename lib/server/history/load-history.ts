/**
 * An address's history from the index, for the History tab and the API: a page, or why there
 * is none (index off, still opening, unreachable; a cursor the index did not give out).
 */
import type { Address } from 'viem';
import { historyPage, historyRows, type HistoryItem, type HistoryPage } from '@/lib/index/readers/history-reader';
import { BadCursorError } from '@/lib/index/readers/paging/page-cursor';
import { indexAvailability } from '@/lib/server/index/index-service';
import { NO_FILTER, type HistoryFilter } from '@/lib/routes/params/history-filter';
import { readFilteredPerVersion, type ListPageOptions } from './filtered-read';
import { streamOf, type ListStream } from './list-stream';

export type HistoryLoad =
  | { readonly kind: 'ok'; readonly page: HistoryPage }
  | { readonly kind: 'unavailable'; readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string }
  | { readonly kind: 'bad-cursor'; readonly message: string }
  | { readonly kind: 'bad-filter'; readonly message: string };

const EMPTY: HistoryPage = { items: [], next: null };

export async function loadHistory(address: Address, options: ListPageOptions): Promise<HistoryLoad> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'unavailable', state: index.state, reason: index.reason };
  try {
    // One query per indexed block for every viewer of this page (@/lib/server/index/index-version.ts).
    const read = await readFilteredPerVersion(index, `history:${address.toLowerCase()}`, options, (filter) =>
      historyPage(index.db, address, { limit: options.limit, cursor: options.cursor, filter }), EMPTY);
    return read.kind === 'read' ? { kind: 'ok', page: read.value } : read;
  } catch (error) {
    if (error instanceof BadCursorError) return { kind: 'bad-cursor', message: error.message };
    return { kind: 'unavailable', state: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
}

/**
 * Every row that passes the reader's filter, newest first, for the CSV stream; the reason when
 * there is no index or the filter cannot be read.
 */
export async function historyStream(address: Address, filter: HistoryFilter = NO_FILTER): Promise<ListStream<HistoryItem>> {
  return streamOf(filter, (db, resolved) => historyRows(db, address, { filter: resolved }));
}
