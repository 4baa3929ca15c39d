/**
 * The address page's query string read once: which tab (`?tab=`), the "as of" block (`?block=`),
 * the storage slot (`?slot=`), the history, transfers or approvals page (`?cursor=`), the internal transfers' page
 * (`?internal=`), the chain the reader came through (`?chain=`) and the History tab's advanced
 * filter (`?direction=`, `method`, `token`, `counterparty`, `from`, `to`). Pure; the page hands the result to its loader and to the components that draw it.
 */
import type { Hash } from 'viem';
import { getChain, isChainName, type Chain } from '@/lib/protocol/chains';
import { parseAsOf, parseSlot, type AsOf, type Parsed } from './address-params';
import { parseCursorParam } from './history-params';
import { ADDRESS_TABS } from './tabs';
import { FILTER_PARAMS, hasBlankFilterParam, parseHistoryFilter, recordSource, type HistoryFilter } from '@/lib/routes/params/history-filter';

export { ADDRESS_TABS };

export type AddressTab = (typeof ADDRESS_TABS)[number]['id'];

export interface AddressQuery {
  readonly tab: AddressTab;
  readonly asOf: Parsed<AsOf>;
  /** The slot as the reader typed it (trimmed), kept for the form and links; undefined when empty. */
  readonly slotText: string | undefined;
  readonly slot: Parsed<Hash> | undefined;
  /** The history, transfers or approvals page asked for; `null` is the newest. */
  readonly cursor: Parsed<string | null>;
  /** The History tab's page of internal transfers (`?internal=`); `null` is the newest. */
  readonly internalCursor: Parsed<string | null>;
  /** `?chain=`, when it names a chain: where a search found the address. */
  readonly via: Chain | undefined;
  /** The History tab's advanced filter (lib/routes/params/history-filter.ts). */
  readonly filter: Parsed<HistoryFilter>;
}

type SearchParams = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** An unknown or missing tab is the first, as `activeTab` draws it. */
function tabOf(requested: string | undefined): AddressTab {
  return ADDRESS_TABS.find((t) => t.id === requested)?.id ?? ADDRESS_TABS[0].id;
}

/** The query as a page's `searchParams` or a URL's: a repeated parameter's first value. */
export function parseAddressQuery(search: SearchParams | URLSearchParams): AddressQuery {
  const get = (name: string) => (search instanceof URLSearchParams ? (search.get(name) ?? undefined) : first(search[name]));
  const slotText = get('slot')?.trim() || undefined;
  const via = get('chain');
  return {
    tab: tabOf(get('tab')),
    asOf: parseAsOf(get('block')),
    slotText,
    slot: parseSlot(slotText),
    cursor: parseCursorParam(get('cursor')),
    internalCursor: parseCursorParam(get('internal')),
    via: via && isChainName(via) ? getChain(via) : undefined,
    filter: parseHistoryFilter(search instanceof URLSearchParams ? search : recordSource(search)),
  };
}

/**
 * The URL without the filter's blank parameters (a submitted filter form sends every field, set or
 * not), or undefined when none is blank: the page redirects there, so a filter has one URL.
 */
export function withoutBlankFilterParams(path: string, search: SearchParams | URLSearchParams): string | undefined {
  if (!hasBlankFilterParam(search instanceof URLSearchParams ? search : recordSource(search))) return undefined;
  const entries: [string, string][] =
    search instanceof URLSearchParams
      ? [...search.entries()]
      : Object.entries(search).flatMap(([name, value]) => (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((v): [string, string] => [name, v]));
  const kept = new URLSearchParams();
  for (const [name, v] of entries) {
    if (v === '' && (FILTER_PARAMS as readonly string[]).includes(name)) continue;
    kept.append(name, v);
  }
  const text = kept.toString();
  return text ? `${path}?${text}` : path;
}
