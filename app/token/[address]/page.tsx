import type { Metadata } from 'next';
import { isAddress } from 'viem';
import { TokenView } from '@/components/token/TokenView';
import { routeData } from '@/lib/server/pipeline/route-data';
import { resolveToken } from '@/lib/server/token/resolve-token';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ address: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { address } = await params;
  return { title: isAddress(address, { strict: false }) ? `Token ${address}` : 'Token' };
}

/**
 * `/token/<address>`: a token contract, read from the zone its address belongs to — what it is and
 * its supply from the node, its transfers and holders from the index (holders checked against
 * balanceOf). As its resolver found it (lib/server/token/resolve-token.ts).
 */
export default async function TokenPage() {
  const { address, load, cursorError, paged } = await routeData(resolveToken);
  return <TokenView address={address} load={load} cursorError={cursorError} paged={paged} />;
}
