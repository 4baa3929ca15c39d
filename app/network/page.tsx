import type { Metadata } from 'next';
import Link from 'next/link';
import { ChaindbViewer } from '@/components/network/ChaindbViewer';
import { NetworkTable } from '@/components/network/NetworkTable';
import { IndexStatusTable } from '@/components/network/IndexStatusTable';
import { ActivitySection } from '@/components/network/ActivitySection';
import { DEFAULT_DAYS, DEFAULT_FLOW_PERIOD, isFlowPeriod } from '@/lib/routes/params/stats-params';
import { loadAllDailyStats, loadEtxFlow } from '@/lib/server/network/load-stats';
import { loadIndexStatus } from '@/lib/server/history/load-index-status';
import { loadChaindb } from '@/lib/server/network/load-chaindb';
import { loadNetwork } from '@/lib/server/network/load-network';
import { getConfig } from '@/lib/ops/config';
import { urls } from '@/lib/routes/urls';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Network' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Every configured chain as its node sees itself, with a per-chain sync check, and a database viewer. */
export default async function NetworkPage({ searchParams }: Props) {
  const search = await searchParams;
  const dbChain = first(search.db);
  const property = first(search.property)?.trim() || 'leveldb.stats';
  const rawPeriod = first(search.period) ?? '';
  // An unknown period falls back to the default rather than failing the whole page.
  const period = isFlowPeriod(rawPeriod) ? rawPeriod : DEFAULT_FLOW_PERIOD;
  const [rows, chaindb, index, flow, daily] = await Promise.all([
    loadNetwork(), loadChaindb(dbChain, property), loadIndexStatus(), loadEtxFlow(period), loadAllDailyStats(DEFAULT_DAYS),
  ]);
  const chains = getConfig().chains.map((c) => c.chain);
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-xl font-semibold">Network</h1>
        <p className="max-w-3xl text-sm text-muted">
          Each of the {rows.length} configured chains as its node reports it. <strong className="text-fg">syncing is reliable for prime only</strong>{' '}
          (the interface says so: a node that is synced in prime may still be catching up in a region or zone), so every chain is
          also checked against the tips of the chains above it and against its own head age.
        </p>
        <p className="text-sm" data-testid="network-more">
          Each chain through time: <Link prefetch={false} href={urls.charts()}>charts</Link> of its blocks, gas, fees and ETXs, and its{' '}
          <Link prefetch={false} href={urls.accounts()}>top accounts</Link> by balance.
        </p>
      </header>
      <NetworkTable rows={rows} />
      <IndexStatusTable status={index} />
      <ActivitySection period={period} flow={flow} daily={daily} days={DEFAULT_DAYS} />
      <ChaindbViewer chains={chains} chain={dbChain} property={property} result={chaindb} />
    </div>
  );
}
