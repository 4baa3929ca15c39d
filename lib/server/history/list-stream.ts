/**
 * The rows of an export (the CSV routes): an async generator over the index's pages under the
 * reader's filter, resolved first so that a bad filter or a missing index is an answer (400, 503)
 * before the first byte is sent.
 */
import type { HistoryFilter } from '@/lib/routes/params/history-filter';
import type { Db } from '@/lib/index/drivers/db';
import type { ListFilter } from '@/lib/index/readers/paging/list-filter';
import { indexAvailability } from '@/lib/server/index/index-service';
import { resolveFilter } from './resolve-filter';

export type ListStream<T> =
  | { readonly kind: 'rows'; readonly rows: AsyncGenerator<T> }
  | { readonly kind: 'unavailable'; readonly reason: string }
  | { readonly kind: 'bad-filter'; readonly message: string };

async function* none<T>(): AsyncGenerator<T> {}

export async function streamOf<T>(filter: HistoryFilter, rows: (db: Db, filter: ListFilter | undefined) => AsyncGenerator<T>): Promise<ListStream<T>> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'unavailable', reason: index.reason };
  let resolved;
  try {
    resolved = await resolveFilter(index.db, filter);
  } catch (error) {
    return { kind: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
  if (resolved.kind === 'bad') return { kind: 'bad-filter', message: resolved.message };
  return { kind: 'rows', rows: resolved.kind === 'empty' ? none<T>() : rows(index.db, resolved.filter) };
}
