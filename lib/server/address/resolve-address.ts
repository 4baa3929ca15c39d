/**
 * The resolver of `/address/<address>` (lib/routes/resolver.ts): everything the address page
 * draws for the tab asked (./load-address-page.ts), read from the zone that owns the address and
 * the index. Kept per what it shows (per-data): the page cache keys the copy by a digest of this
 * data, and the page draws this very data.
 */
import { getAddress, isAddress, type Address } from 'viem';
import { parseAddressQuery, withoutBlankFilterParams, type AddressQuery } from '@/lib/routes/params/address-query';
import { addressProblem } from '@/lib/routes/params/path-shape';
import { found, missing, redirectTo, type Resolver } from '@/lib/routes/resolver';
import { urls } from '@/lib/routes/urls';
import { loadAddressPage, type AddressPageData } from './load-address-page';

export interface AddressPageView {
  /** Checksummed. */
  readonly address: Address;
  readonly query: AddressQuery;
  readonly data: AddressPageData;
}

export const resolveAddress: Resolver<AddressPageView> = async ({ params, query }) => {
  const raw = params.address ?? '';
  if (!isAddress(raw, { strict: false })) return missing('Nothing can be at this URL', addressProblem(raw) ?? `“${raw}” is not an address.`);
  const address = getAddress(raw.toLowerCase());
  // A submitted filter form sends its blank fields too: one URL per filter.
  const canonical = withoutBlankFilterParams(urls.address(address), query);
  if (canonical) return redirectTo(canonical);
  const parsed = parseAddressQuery(query);
  return found({ address, query: parsed, data: await loadAddressPage(address, parsed) });
};
