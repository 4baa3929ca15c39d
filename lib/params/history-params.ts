/**
 * Parameters of the history API and the History tab: an address, a page size 1..100 (default
 * 25) and an opaque cursor. Bad values are a message for a 400, never an exception.
 */
import { isAddress, type Address } from 'viem';
import { MAX_PAGE } from '@/lib/index/readers/history-reader';
import { decodeComponent } from '@/lib/url-decode';

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
