import type { Metadata } from 'next';
import { routeData } from '@/lib/server/pipeline/route-data';
import { resolveNonce } from '@/lib/server/tx/resolve-nonce';

type Props = { params: Promise<{ address: string; nonce: string }> };

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { nonce } = await params;
  return { title: `Transaction with nonce ${nonce}` };
}

/**
 * `/address/<address>/nonce/<n>`: the address's transaction with that nonce, as the index finds it
 * (a transaction page's previous and next by nonce link here when the index did not hold them yet):
 * a redirect to it, or what the index said (lib/server/tx/resolve-nonce.ts; ./not-found.tsx).
 */
export default async function SenderNoncePage() {
  // Its resolver redirects or finds nothing: either way routeData does not return.
  return await routeData(resolveNonce);
}
