'use client';

import Link from 'next/link';
import { Hash } from '@/components/ui/values/Hash';
import { getChain, type ChainName } from '@/lib/protocol/chains';
import { formatDuration } from '@/lib/text/format';
import { urls } from '@/lib/routes/urls';
import { useEtxJourney } from './etx-journey-query';
import { NumberTriple } from '@/components/ui/values/NumberTriple';

/**
 * On an ETX's own page (the type 1 transaction in the destination zone): the transaction that
 * emitted it, in its origin zone and block, from the index. Read in the browser like the journey
 * card, so a stored page never carries an answer the index did not have yet.
 */
export function EtxOrigin({ hash, chain }: { hash: string; chain: ChainName }) {
  const query = useEtxJourney(hash, chain);
  const answer = query.data;
  let body: React.ReactNode;
  if (!answer) {
    body = <span className="text-muted">{query.isError ? `could not be read: ${(query.error as Error).message}` : 'reading the index…'}</span>;
  } else if (answer.kind === 'not-indexed') {
    body = <span className="text-muted">Strata&apos;s index holds no origin for this ETX (its origin block is not indexed yet, or was never indexed).</span>;
  } else if (answer.kind === 'no-index') {
    body = <span className="text-muted">The origin comes from the history index: {answer.reason}.</span>;
  } else if (answer.kind === 'unreadable') {
    body = <span className="text-bad">The explorer&apos;s answer could not be read ({answer.reason}).</span>;
  } else {
    const { origin, seconds } = answer.journey;
    body = (
      <span className="space-y-1">
        <span className="flex flex-wrap items-center gap-x-2">
          <span data-testid="etx-origin-tx">
            <Hash value={origin.txHash} href={urls.tx(origin.txHash)} />
          </span>
          <span className="text-muted">
            in {getChain(origin.chain).label} block{' '}
            <Link href={urls.block(origin.chain, origin.blockNumber)} data-testid="etx-origin-block">
              #{origin.blockNumber}
            </Link>{' '}
            <NumberTriple numbers={origin.numbers} title="[Prime, Region, Zone] numbers" />
          </span>
        </span>
        {seconds !== null ? (
          <span className="block text-xs text-muted">included here {formatDuration(Number(seconds) * 1000)} after it was sent (block timestamps)</span>
        ) : null}
      </span>
    );
  }
  return (
    <section className="card px-4 py-3 text-sm" data-testid="etx-origin">
      <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">Emitted by</p>
      {body}
    </section>
  );
}
