import type { Metadata } from 'next';
import Link from 'next/link';
import { ChaindbViewer } from '@/components/network/ChaindbViewer';
import { NetworkTable } from '@/components/network/NetworkTable';
import { IndexStatusTable } from '@/components/network/IndexStatusTable';
import { ActivitySection } from '@/components/network/ActivitySection';
import { resolveNetwork } from '@/lib/server/network/resolve-network';
import { routeData } from '@/lib/server/pipeline/route-data';
import { getConfig } from '@/lib/ops/config';
import { urls } from '@/lib/routes/urls';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Network' };

/** Every configured chain as its node sees itself, with a per-chain sync check, and a database viewer (lib/server/network/resolve-network.ts). */
export default async function NetworkPage() {
  const { rows, index, period, flow, daily, days, dbChain, property, chaindb } = await routeData(resolveNetwork);
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
      <ActivitySection period={period} flow={flow} daily={daily} days={days} />
      <ChaindbViewer chains={chains} chain={dbChain} property={property} result={chaindb} />
    </div>
  );
}
