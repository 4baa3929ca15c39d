import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getAddress, isAddress } from 'viem';
import { NotFoundPanel } from '@/components/ui/status/NotFoundPanel';
import { parseNonce, resolveSenderNonce } from '@/lib/server/tx/resolve-nonce';
import { urls } from '@/lib/routes/urls';

type Props = { params: Promise<{ address: string; nonce: string }> };

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { nonce } = await params;
  return { title: `Transaction with nonce ${nonce}` };
}

/**
 * `/address/<address>/nonce/<n>`: the address's transaction with that nonce, as the index finds it
 * (a transaction page's previous and next by nonce link here when the index did not hold them yet):
 * a redirect to it, or what the index said.
 */
export default async function SenderNoncePage({ params }: Props) {
  const { address: raw, nonce: rawNonce } = await params;
  const nonce = parseNonce(rawNonce);
  // proxy.ts answers malformed ones with their reason; this is defence in depth.
  if (!isAddress(raw, { strict: false }) || nonce === undefined) notFound();
  const address = getAddress(raw.toLowerCase());
  const found = await resolveSenderNonce(address, nonce);
  if (found.kind === 'found') redirect(urls.tx(found.hash));
  return (
    <NotFoundPanel title={`No transaction with nonce ${nonce} yet`} reason={<p data-testid="nonce-missing">Not found: {found.reason}.</p>}>
      <p className="text-sm">
        <a href={urls.addressHistory(address)}>The address&apos;s history</a>
      </p>
    </NotFoundPanel>
  );
}
