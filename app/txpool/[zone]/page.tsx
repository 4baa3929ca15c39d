import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ZoneSwitch } from '@/components/txpool/PoolGroup';
import { TxpoolLive } from '@/components/txpool/TxpoolLive';
import { loadTxpool } from '@/lib/server/network/load-txpool';
import { configuredZones, poolZone } from '@/lib/routes/params/pool-zone';
import { urls } from '@/lib/routes/urls';
import { OperatorLabelsSeed } from '@/components/labels/OperatorLabelsSeed';
import { operatorLabelsIn } from '@/lib/server/labels/operator-labels';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ zone: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const chain = poolZone((await params).zone);
  return { title: chain ? `Txpool · ${chain.label}` : 'Txpool' };
}

/** A zone's transaction pool, read at request time and then refreshed by the client. */
export default async function TxpoolPage({ params }: Props) {
  const chain = poolZone((await params).zone);
  if (!chain) notFound();
  const view = await loadTxpool(chain.name);
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
