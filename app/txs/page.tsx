import type { Metadata } from 'next';
import { TxsView } from '@/components/lists/TxsView';
import { getConfig } from '@/lib/ops/config';
import { searchOf } from '@/lib/routes/params/list-query';
import { resolveTxsPage } from '@/lib/server/tx/tx-list';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Transactions' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * `/txs?chain=<zone>`: a zone's mined transactions from the index, filtered, or with `tab=pending`
 * its txpool, read live (lib/server/tx/tx-list.ts decides).
 */
export default async function TxsPage({ searchParams }: Props) {
  const resolved = await resolveTxsPage(searchOf(await searchParams));
  const zones = getConfig().chains.map((c) => c.chain).filter((c) => c.level === 2);
  return resolved.tab === 'pending'
    ? <TxsView tab="pending" pending={resolved.verdict} zones={zones} fallback={zones[0]} />
    : <TxsView tab="mined" mined={resolved.verdict} zones={zones} fallback={zones[0]} />;
}
