/**
 * The reader's filter (lib/routes/params/history-filter.ts) as the index's lists read it
 * (lib/index/readers/paging/list-filter.ts): a function name becomes the selectors the signature table
 * gives it, the UTC days become Unix seconds and the block numbers they lie within. A name the
 * table does not know, or a range no indexed block falls in, is said here, before any list is read.
 */
import type { Hex } from 'viem';
import { signatureTable } from '@/lib/decode/calls';
import { filterTimeRange, isFiltered, isSelector, type HistoryFilter } from '@/lib/routes/params/history-filter';
import type { Queryable } from '@/lib/index/drivers/db';
import type { ListFilter } from '@/lib/index/readers/paging/list-filter';
import { blockBoundsOf } from '@/lib/index/readers/paging/time-bounds';

export type ResolvedFilter =
  | { readonly kind: 'filter'; readonly filter: ListFilter | undefined }
  /** Nothing can pass: the range lies outside every indexed block. */
  | { readonly kind: 'empty' }
  | { readonly kind: 'bad'; readonly message: string };

/** The selectors of the signature table's functions named `name` (any case). */
export function selectorsNamed(name: string): Hex[] {
  const wanted = name.toLowerCase();
  return [...signatureTable()].filter(([, fn]) => fn.name.toLowerCase() === wanted).map(([selector]) => selector);
}

export async function resolveFilter(q: Queryable, filter: HistoryFilter): Promise<ResolvedFilter> {
  if (!isFiltered(filter)) return { kind: 'filter', filter: undefined };
  let methods: Hex[] | undefined;
  if (filter.method !== null) {
    methods = isSelector(filter.method) ? [filter.method] : selectorsNamed(filter.method);
    if (methods.length === 0) {
      return { kind: 'bad', message: `method "${filter.method}" is not a function this explorer knows by name: give its 4-byte selector (0x and 8 hex digits)` };
    }
  }
  const time = filterTimeRange(filter);
  const bounds = await blockBoundsOf(q, time);
  if ((time.from !== undefined && bounds.lo === null) || (time.to !== undefined && bounds.hi === null)) return { kind: 'empty' };
  return {
    kind: 'filter',
    filter: {
      ...(filter.direction === null ? {} : { direction: filter.direction }),
      ...(methods === undefined ? {} : { methods }),
      ...(filter.token === null ? {} : { token: filter.token }),
      ...(filter.counterparty === null ? {} : { counterparty: filter.counterparty }),
      ...time,
      ...(bounds.lo === null ? {} : { lo: bounds.lo }),
      ...(bounds.hi === null ? {} : { hi: bounds.hi }),
    },
  };
}
