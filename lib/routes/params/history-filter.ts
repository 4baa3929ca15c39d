/**
 * The advanced filter of an address's history (the History tab, the three list APIs and the three
 * CSV exports read the same query parameters), as Etherscan's advanced filter offers it:
 *
 *   direction=in|out          sent by the address (out) or received by it (in); a transaction to itself is both
 *   method=0xa9059cbb|transfer the transaction's 4-byte selector, or a function name of the signature table
 *   token=<address>           transactions that moved this token (the token-transfer list: transfers of it)
 *   counterparty=<address>    the other party (sender, recipient or created contract)
 *   from=YYYY-MM-DD, to=YYYY-MM-DD   UTC days, both included
 *
 * Pure and browser-safe: the form draws from it, the URL builders write it, the loaders read it.
 * A method name is resolved to selectors on the server (lib/server/history/resolve-filter.ts).
 */
import type { Address, Hex } from 'viem';

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

export const FILTER_PARAMS = ['direction', 'method', 'token', 'counterparty', 'from', 'to'] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

export const DIRECTIONS = ['in', 'out'] as const;

export interface HistoryFilter {
  readonly direction: (typeof DIRECTIONS)[number] | null;
  /** A selector (`0x` and 8 hex digits, lower case) or a function name, as given. */
  readonly method: string | null;
  readonly token: Address | null;
  readonly counterparty: Address | null;
  /** UTC days, `YYYY-MM-DD`, both included. */
  readonly from: string | null;
  readonly to: string | null;
}

export const NO_FILTER: HistoryFilter = { direction: null, method: null, token: null, counterparty: null, from: null, to: null };

const SELECTOR = /^0x[0-9a-fA-F]{8}$/;
const FUNCTION_NAME = /^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Whether a value has the shape of its parameter: what the route table's checks accept (a bad date is still the page's to explain). */
export const FILTER_SHAPES: Readonly<Record<Exclude<FilterParam, 'direction'>, (value: string) => boolean>> = {
  method: (v) => SELECTOR.test(v) || FUNCTION_NAME.test(v),
  token: (v) => ADDRESS.test(v),
  counterparty: (v) => ADDRESS.test(v),
  from: (v) => DAY.test(v),
  to: (v) => DAY.test(v),
};

/** Unix seconds of a UTC day's start, or undefined for text that is not a real day. */
export function dayStart(day: string): bigint | undefined {
  const m = DAY.exec(day);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return undefined;
  return BigInt(ms / 1000);
}

/** The filter's time range in Unix seconds: `from` inclusive, `to` exclusive (the end of the `to` day). */
export function filterTimeRange(filter: Pick<HistoryFilter, 'from' | 'to'>): { readonly from?: bigint; readonly to?: bigint } {
  const from = filter.from === null ? undefined : dayStart(filter.from);
  const toStart = filter.to === null ? undefined : dayStart(filter.to);
  return { ...(from === undefined ? {} : { from }), ...(toStart === undefined ? {} : { to: toStart + 86_400n }) };
}

type Source = { get(name: string): string | null | undefined };

/** A record of query values (as Next hands a page its searchParams) read like URLSearchParams. */
export function recordSource(search: Readonly<Record<string, string | string[] | undefined>>): Source {
  return { get: (name) => { const v = search[name]; return Array.isArray(v) ? v[0] : v; } };
}

/** Whether any filter parameter is present but empty (a submitted form's blank field): the page redirects to the URL without it. */
export function hasBlankFilterParam(search: Source): boolean {
  return FILTER_PARAMS.some((name) => search.get(name) === '');
}

/** The filter a query asks for; the first bad parameter's message otherwise (a 400, or the tab's notice). */
export function parseHistoryFilter(search: Source): Parsed<HistoryFilter> {
  const read = (name: FilterParam): string | null => {
    const v = search.get(name)?.trim();
    return v === undefined || v === null || v === '' ? null : v;
  };
  const direction = read('direction');
  if (direction !== null && !(DIRECTIONS as readonly string[]).includes(direction)) {
    return { ok: false, error: `direction must be in or out, got "${direction.slice(0, 20)}"` };
  }
  const method = read('method');
  if (method !== null && !FILTER_SHAPES.method(method)) {
    return { ok: false, error: `method must be a 4-byte selector (0x and 8 hex digits) or a function name, got "${method.slice(0, 70)}"` };
  }
  const addressOf = (name: 'token' | 'counterparty'): Parsed<Address | null> => {
    const v = read(name);
    if (v === null) return { ok: true, value: null };
    return ADDRESS.test(v) ? { ok: true, value: v.toLowerCase() as Address } : { ok: false, error: `${name} must be an address (0x and 40 hex digits), got "${v.slice(0, 50)}"` };
  };
  const token = addressOf('token');
  if (!token.ok) return token;
  const counterparty = addressOf('counterparty');
  if (!counterparty.ok) return counterparty;
  const from = read('from');
  const to = read('to');
  for (const [name, day] of [['from', from], ['to', to]] as const) {
    if (day !== null && dayStart(day) === undefined) return { ok: false, error: `${name} must be a UTC day as YYYY-MM-DD, got "${day.slice(0, 20)}"` };
  }
  if (from !== null && to !== null && (dayStart(from) as bigint) > (dayStart(to) as bigint)) {
    return { ok: false, error: `from (${from}) is after to (${to})` };
  }
  return {
    ok: true,
    value: {
      direction: direction as HistoryFilter['direction'],
      method: method === null ? null : SELECTOR.test(method) ? method.toLowerCase() : method,
      token: token.value,
      counterparty: counterparty.value,
      from,
      to,
    },
  };
}

export function isFiltered(filter: HistoryFilter): boolean {
  return FILTER_PARAMS.some((name) => filter[name] !== null);
}

/** The filter's query parameters, in a fixed order, without the unset ones. */
export function filterEntries(filter: HistoryFilter): Array<[FilterParam, string]> {
  return FILTER_PARAMS.flatMap((name) => (filter[name] === null ? [] : [[name, filter[name] as string] as [FilterParam, string]]));
}

/** `&direction=out&from=…` (or `?…` when `first`): the filter appended to a URL. */
export function filterQuery(filter: HistoryFilter, first = false): string {
  const text = new URLSearchParams(filterEntries(filter)).toString();
  return text === '' ? '' : `${first ? '?' : '&'}${text}`;
}

/** A selector as the index stores it (4 bytes). */
export function isSelector(method: string): method is Hex {
  return SELECTOR.test(method);
}
