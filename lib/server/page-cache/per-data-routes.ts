/**
 * The pages kept per what they show (`per-data` in lib/routes/table.ts): an address (every tab)
 * and a token. For each, how a URL names the loader's inputs, the loader, and the identity its
 * render is handed the data under (./handoff.ts). The pages (app/address, app/token) parse their
 * URL with the same functions and ask for the handed data under the same identity, so the page
 * cache and the page agree on what a URL shows. ./plan.test.ts checks that every per-data route
 * of the table has its loader here.
 */
import { getAddress, isAddress, type Address } from 'viem';
import { parseAddressQuery, type AddressQuery } from '@/lib/routes/params/address-query';
import { parseCursorParam } from '@/lib/routes/params/history-params';
import { loadAddressPage } from '@/lib/server/address/load-address-page';
import { loadTokenPage } from '@/lib/server/token/load-token-page';
import { dataDigest } from './data-digest';

export type ShownLabel = '/address/[address]' | '/token/[address]';

export interface ShownRoute {
  /** The route pattern: the renders metric's label. */
  readonly label: ShownLabel;
  /** The page and its loader's inputs, for the handoff. */
  readonly identity: string;
  /** Reads what the page draws (never throws for a node or index failure: the page says why). */
  readonly load: () => Promise<unknown>;
}

export function addressPageIdentity(address: Address, query: AddressQuery): string {
  return `address:${address}:${dataDigest(query)}`;
}

export function tokenPageIdentity(address: Address, cursor: string | null): string {
  return `token:${address}:${cursor ?? ''}`;
}

/** As Next hands a page its searchParams: a repeated parameter is an array. */
function searchRecord(search: URLSearchParams): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    record[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return record;
}

/** The loaders of the per-data routes, by route pattern. */
const LOADERS: Readonly<Record<string, (address: Address, search: URLSearchParams) => ShownRoute>> = {
  '/address/[address]': (address, search) => {
    const query = parseAddressQuery(searchRecord(search));
    return { label: '/address/[address]', identity: addressPageIdentity(address, query), load: () => loadAddressPage(address, query) };
  },
  '/token/[address]': (address, search) => {
    const parsed = parseCursorParam(search.get('cursor'));
    const cursor = parsed.ok ? parsed.value : null;
    return { label: '/token/[address]', identity: tokenPageIdentity(address, cursor), load: () => loadTokenPage(address, cursor) };
  },
};

/** The route patterns that have a loader here. */
export const PER_DATA_PATTERNS: readonly string[] = Object.keys(LOADERS);

/**
 * What a kept URL of `pattern` shows and how to load it, the address read as the page reads it
 * (checksummed); undefined for a malformed address (proxy.ts says why) or a route without a loader.
 */
export function perDataRoute(pattern: string, rawAddress: string, search: URLSearchParams): ShownRoute | undefined {
  const loader = LOADERS[pattern];
  if (!loader || !isAddress(rawAddress, { strict: false })) return undefined;
  return loader(getAddress(rawAddress.toLowerCase()), search);
}
