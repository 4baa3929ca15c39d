import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAddress, isAddress } from 'viem';
import { TokenView } from '@/components/token/TokenView';
import { parseCursorParam } from '@/lib/routes/params/history-params';
import { loadTokenPage, type TokenPageLoad } from '@/lib/server/token/load-token-page';
import { tokenPageIdentity } from '@/lib/server/page-cache/per-data-routes';
import { handedData } from '@/lib/server/page-cache/take-handoff';

export const dynamic = 'force-dynamic';

type SearchParams = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ address: string }>; searchParams: Promise<SearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { address } = await params;
  return { title: isAddress(address, { strict: false }) ? `Token ${address}` : 'Token' };
}

/**
 * `/token/<address>`: a token contract, read from the zone its address belongs to — what it is and
 * its supply from the node, its transfers and holders from the index (holders checked against balanceOf).
 */
export default async function TokenPage({ params, searchParams }: Props) {
  const { address: raw } = await params;
  // proxy.ts already answers 404 (saying why) for a malformed address; this is defence in depth.
  if (!isAddress(raw, { strict: false })) notFound();
  const address = getAddress(raw.toLowerCase());
  const rawCursor = (await searchParams).cursor;
  const cursor = parseCursorParam(Array.isArray(rawCursor) ? rawCursor[0] : rawCursor);
  const from = cursor.ok ? cursor.value : null;
  // Rendered once per what it shows (the page cache's per-data policy, lib/server/page-cache/): then from the data its key was made of.
  const load = (await handedData<TokenPageLoad>(tokenPageIdentity(address, from))) ?? (await loadTokenPage(address, from));
  return <TokenView address={address} load={load} cursorError={cursor.ok ? null : cursor.error} paged={Boolean(cursor.ok && cursor.value)} />;
}
