import type { Metadata } from 'next';
import { isAddress } from 'viem';
import { AddressView } from '@/components/address/AddressView';
import { resolveAddress } from '@/lib/server/address/resolve-address';
import { routeData } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ address: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { address } = await params;
  return { title: isAddress(address, { strict: false }) ? `Address ${address}` : 'Address' };
}

/**
 * An address, read from the zone that owns it (by its first byte): balance, nonce, code, the
 * account proof verified against the "as of" block's stateRoot, a storage-slot lookup with its
 * proof, its pooled transactions and a read-contract form; or its history and token transfers
 * from the index (`?tab=`). As its resolver found it (lib/server/address/resolve-address.ts).
 */
export default async function AddressPage() {
  const { address, query, data } = await routeData(resolveAddress);
  return <AddressView address={address} query={query} data={data} />;
}
