import { notFound, redirect } from 'next/navigation';
import { configuredZones } from '@/lib/routes/params/pool-zone';
import { urls } from '@/lib/routes/urls';

export const dynamic = 'force-dynamic';

/** /txpool → the first configured zone's pool. */
export default function TxpoolIndex() {
  const zone = configuredZones()[0];
  if (!zone) notFound();
  redirect(urls.txpool(zone.name));
}
