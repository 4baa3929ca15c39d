/**
 * An address's history from the index, for the History tab and the API: a page, or why there
 * is none (index off, still opening, unreachable; a cursor the index did not give out).
 */
import type { Address } from 'viem';
import { historyPage, historyRows, type HistoryItem, type HistoryPage } from '@/lib/index/readers/history-reader';
import { BadCursorError } from '@/lib/index/readers/page-cursor';
import { indexAvailability } from '@/lib/server/process/index-service';
import { readPerVersion } from './index-version';

export type HistoryLoad =
  | { readonly kind: 'ok'; readonly page: HistoryPage }
  | { readonly kind: 'unavailable'; readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string }
  | { readonly kind: 'bad-cursor'; readonly message: string };

export async function loadHistory(address: Address, options: { limit: number; cursor: string | null }): Promise<HistoryLoad> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'unavailable', state: index.state, reason: index.reason };
  // One query per indexed block for every viewer of this page (./index-version.ts).
  const key = `history:${address.toLowerCase()}:${options.limit}:${options.cursor ?? ''}`;
  try {
    return { kind: 'ok', page: await readPerVersion(index, key, () => historyPage(index.db, address, options)) };
  } catch (error) {
    if (error instanceof BadCursorError) return { kind: 'bad-cursor', message: error.message };
    return { kind: 'unavailable', state: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
}

/** Every row, newest first, for the CSV stream; null with a reason when there is no index. */
export async function historyStream(address: Address): Promise<{ rows: AsyncGenerator<HistoryItem> } | { reason: string }> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { reason: index.reason };
  return { rows: historyRows(index.db, address) };
}
