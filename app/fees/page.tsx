import { notFound, redirect } from 'next/navigation';
import { getConfig } from '@/lib/ops/config';
import { urls } from '@/lib/routes/urls';

export const dynamic = 'force-dynamic';

/** /fees → the first configured zone's fees (zones carry the transactions), else the first chain. */
export default function FeesIndex() {
  const chains = getConfig().chains.map((c) => c.chain);
  const chain = chains.find((c) => c.level === 2) ?? chains[0];
  if (!chain) notFound();
  redirect(urls.fees(chain.name));
}
