import type { Metadata } from 'next';
import { TxsView } from '@/components/lists/TxsView';
import { getConfig } from '@/lib/ops/config';
import { routeData } from '@/lib/server/pipeline/route-data';
import { resolveTxsRoute } from '@/lib/server/tx/tx-list';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Transactions' };

/**
 * `/txs?chain=<zone>`: a zone's mined transactions from the index, filtered, or with `tab=pending`
 * its txpool, read live, as its resolver found them (lib/server/tx/tx-list.ts).
 */
export default async function TxsPage() {
  const resolved = await routeData(resolveTxsRoute);
  const zones = getConfig().chains.map((c) => c.chain).filter((c) => c.level === 2);
  return resolved.tab === 'pending'
    ? <TxsView tab="pending" pending={resolved.verdict} zones={zones} fallback={zones[0]} />
    : <TxsView tab="mined" mined={resolved.verdict} zones={zones} fallback={zones[0]} />;
}
