/**
 * Parameters of the history API and the History tab: an address, a page size 1..100 (default
 * 25), an opaque cursor and the advanced filter (lib/routes/params/history-filter.ts). Bad values are a message for a 400, never an exception.
 */
import { isAddress, type Address } from 'viem';
import { MAX_PAGE } from '@/lib/index/readers/paging/keyset';
import { decodeComponent } from '@/lib/text/url-decode';
import { parseHistoryFilter, type HistoryFilter } from '@/lib/routes/params/history-filter';

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

export const DEFAULT_PAGE = 25;

export function parseHistoryAddress(raw: string): Parsed<Address> {
  const decoded = decodeComponent(raw);
  if (!decoded.ok) return { ok: false, error: `${decoded.reason}, so it is not an address` };
  const value = decoded.value.trim();
  if (!isAddress(value, { strict: false })) return { ok: false, error: `"${value.slice(0, 80)}" is not an address (0x and 40 hex digits)` };
  return { ok: true, value: value.toLowerCase() as Address };
}

export function parseLimit(raw: string | null | undefined): Parsed<number> {
  if (raw === null || raw === undefined || raw === '') return { ok: true, value: DEFAULT_PAGE };
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_PAGE) {
    return { ok: false, error: `limit must be an integer from 1 to ${MAX_PAGE}, got "${raw.slice(0, 20)}"` };
  }
  return { ok: true, value: Number(raw) };
}

export function parseCursorParam(raw: string | null | undefined): Parsed<string | null> {
  if (raw === null || raw === undefined || raw === '') return { ok: true, value: null };
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(raw)) return { ok: false, error: 'cursor must be the "next" value of a previous page' };
  return { ok: true, value: raw };
}

/** What one page of an address's history asks: the address, and the page size, cursor and filter. */
export interface HistoryPageQuery {
  readonly address: Address;
  readonly page: { readonly limit: number; readonly cursor: string | null; readonly filter: HistoryFilter };
}

/**
 * The three history APIs' parameters together: the first bad one (address, then limit, then
 * cursor, then the filter's) is the 400's message, so every route answers the same input with the same words.
 */
export function parseHistoryPage(rawAddress: string, search: URLSearchParams): Parsed<HistoryPageQuery> {
  const address = parseHistoryAddress(rawAddress);
  if (!address.ok) return address;
  const limit = parseLimit(search.get('limit'));
  if (!limit.ok) return limit;
  const cursor = parseCursorParam(search.get('cursor'));
  if (!cursor.ok) return cursor;
  const filter = parseHistoryFilter(search);
  if (!filter.ok) return filter;
  return { ok: true, value: { address: address.value, page: { limit: limit.value, cursor: cursor.value, filter: filter.value } } };
}
