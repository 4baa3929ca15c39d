import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getAddress, isAddress } from 'viem';
import { AddressView } from '@/components/address/AddressView';
import { parseAddressQuery, withoutBlankFilterParams } from '@/lib/routes/params/address-query';
import { urls } from '@/lib/routes/urls';
import { loadAddressPage, type AddressPageData } from '@/lib/server/address/load-address-page';
import { addressPageIdentity } from '@/lib/server/page-cache/per-data-routes';
import { handedData } from '@/lib/server/page-cache/take-handoff';

export const dynamic = 'force-dynamic';

type SearchParams = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ address: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { address } = await params;
  return { title: isAddress(address, { strict: false }) ? `Address ${address}` : 'Address' };
}

/**
 * An address, read from the zone that owns it (by its first byte): balance, nonce, code, the
 * account proof verified against the "as of" block's stateRoot, a storage-slot lookup with its
 * proof, its pooled transactions and a read-contract form; or its history and token transfers
 * from the index (`?tab=`).
 */
export default async function AddressPage({ params, searchParams }: Props) {
  const { address: raw } = await params;
  // proxy.ts already answers 404 for malformed addresses; this is defence in depth.
  if (!isAddress(raw, { strict: false })) notFound();
  const address = getAddress(raw.toLowerCase());
  const search = await searchParams;
  // A submitted filter form sends its blank fields too: one URL per filter.
  const canonical = withoutBlankFilterParams(urls.address(address), search);
  if (canonical) redirect(canonical);
  const query = parseAddressQuery(search);
  // Rendered once per what it shows (the page cache's per-data policy, lib/server/page-cache/): then from the data its key was made of.
  const data = (await handedData<AddressPageData>(addressPageIdentity(address, query))) ?? (await loadAddressPage(address, query));
  return <AddressView address={address} query={query} data={data} />;
}
