import { memo } from 'react';
import { SoftLink } from '@/components/ui/values/SoftLink';
import { Age } from '@/components/ui/values/Age';
import { Badge } from '@/components/ui/layout/Badge';
import { LEVEL_NAMES } from '@/lib/protocol/chains';
import { formatDuration, formatInteger, plural } from '@/lib/text/format';
import type { ChainTip } from '@/lib/network/tips-types';
import { urls } from '@/lib/routes/urls';

/** One chain's tip: height, age of the head, average block time, txpool counts. Memoised: a poll re-renders only the chains that moved. */
export const ChainCard = memo(function ChainCard({ tip }: { tip: ChainTip }) {
  const level = LEVEL_NAMES[tip.level];
  return (
    <article id={tip.chain} data-chain={tip.chain} className="scroll-mt-20 card p-3">
      <header className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">
          <SoftLink href={urls.chain(tip.chain)} className="text-fg">
            {tip.label}
          </SoftLink>
        </h3>
        <Badge tone={level}>{level}</Badge>
      </header>
      {tip.error ? (
        <p className="mt-2 text-xs text-bad" role="status">
          {tip.error}
        </p>
      ) : (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
          <dt className="text-muted">Height</dt>
          <dd className="text-right font-mono tabular-nums" data-testid="tip-height">
            {tip.height !== null ? (
              <SoftLink href={urls.block(tip.chain, tip.height)}>{formatInteger(BigInt(tip.height))}</SoftLink>
            ) : (
              '—'
            )}
          </dd>
          <dt className="text-muted">Head</dt>
          <dd className="text-right">{tip.timestamp !== null ? <Age timestamp={tip.timestamp} /> : '—'}</dd>
          <dt className="text-muted" title={`Mean over the last ${plural(tip.blockTimeSample, 'block')}`}>
            Block time
          </dt>
          <dd className="text-right tabular-nums">
            {tip.avgBlockTimeMs !== null ? `${formatDuration(tip.avgBlockTimeMs)} avg` : 'not enough blocks'}
          </dd>
          <TxpoolRow tip={tip} />
          {tip.syncing !== null ? (
            <>
              <dt className="text-muted">Sync</dt>
              <dd className="text-right">{tip.syncing ? <span className="text-warn">syncing</span> : 'synced'}</dd>
            </>
          ) : null}
        </dl>
      )}
    </article>
  );
});

function TxpoolRow({ tip }: { tip: ChainTip }) {
  if (tip.txpool.kind === 'not-zone') return null;
  return (
    <>
      <dt className="text-muted">Txpool</dt>
      <dd className="text-right tabular-nums">
        {tip.txpool.kind === 'served' ? (
          <SoftLink href={urls.txpool(tip.chain)} title="pending · queued">
            {formatInteger(BigInt(tip.txpool.pending))} pending · {formatInteger(BigInt(tip.txpool.queued))} queued
          </SoftLink>
        ) : (
          <span className="text-muted" title="The node answers txpool_status with “method not found”">
            not served
          </span>
        )}
      </dd>
    </>
  );
}
