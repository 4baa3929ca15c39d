import type { Metadata } from 'next';
import { ZoneSwitch } from '@/components/txpool/PoolGroup';
import { TxpoolLive } from '@/components/txpool/TxpoolLive';
import { resolveTxpool } from '@/lib/server/network/resolve-txpool';
import { routeData } from '@/lib/server/pipeline/route-data';
import { configuredZones } from '@/lib/routes/params/pool-zone';
import { urls } from '@/lib/routes/urls';
import { OperatorLabelsSeed } from '@/components/labels/OperatorLabelsSeed';
import { operatorLabelsIn } from '@/lib/server/labels/operator-labels';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const { chain } = await routeData(resolveTxpool);
  return { title: `Txpool · ${chain.label}` };
}

/** A zone's transaction pool, read at request time (lib/server/network/resolve-txpool.ts) and then refreshed by the client. */
export default async function TxpoolPage() {
  const { chain, view } = await routeData(resolveTxpool);
  return (
    <div className="space-y-6">
      <header className="space-y-3">
        <h1 className="text-xl font-semibold">Transaction pool · {chain.label}</h1>
        <p className="max-w-3xl text-sm text-muted">
          What the {chain.label} node holds but has not mined: <em>pending</em> transactions can run now;{' '}
          <em>queued</em> ones wait behind a missing nonce. Each sender&apos;s transactions are listed in nonce order
          with the gaps marked.
        </p>
        <ZoneSwitch zones={configuredZones().map((z) => ({ name: z.name, label: z.label }))} current={chain.name} href={(z) => urls.txpool(z as typeof chain.name)} />
      </header>
      <OperatorLabelsSeed labels={operatorLabelsIn(view)}>
        <TxpoolLive initial={view} />
      </OperatorLabelsSeed>
    </div>
  );
}
