'use client';

import Link from 'next/link';
import { Age } from '@/components/ui/values/Age';
import { Badge } from '@/components/ui/layout/Badge';
import { Hash } from '@/components/ui/values/Hash';
import { useNow } from '@/components/ui/live/use-now';
import { getChain, type ChainName } from '@/lib/protocol/chains';
import type { EtxJourneyJson } from '@/lib/history/journey-json';
import { etxRoute } from '@/lib/history/etx-route';
import { formatDuration } from '@/lib/text/format';
import { urls } from '@/lib/routes/urls';
import { useEtxJourney, type JourneyAnswer } from './etx-journey-query';
import { NumberTriple } from '@/components/ui/values/NumberTriple';
import { Glyph } from '@/components/ui/values/Glyph';

export interface EmittedEtx {
  readonly hash: string;
  /** The destination zone, from the recipient's address; null when it cannot be told. */
  readonly destination: ChainName | null;
}

/**
 * The journeys of the ETXs a transaction emitted: origin (zone, transaction, block) → waiting for
 * the dominant chain's coincident block → included in the destination zone at [P, R, Z]. Drawn in
 * the browser from the index's API, so a stored page shows the journey as it stands when read.
 */
export function EtxJourneyCard({ origin, etxs }: { origin: ChainName; etxs: readonly EmittedEtx[] }) {
  return (
    <section className="card" data-testid="etx-journeys">
      <h2 className="border-b border-border px-4 py-2 text-sm font-semibold">
        ETX journey{etxs.length > 1 ? `s (${etxs.length})` : ''}
      </h2>
      <ol className="divide-y divide-border">
        {etxs.map((etx) => (
          <JourneyEntry key={etx.hash} origin={origin} etx={etx} />
        ))}
      </ol>
    </section>
  );
}

function JourneyEntry({ origin, etx }: { origin: ChainName; etx: EmittedEtx }) {
  const query = useEtxJourney(etx.hash, etx.destination);
  const answer = query.data;
  const journey = answer?.kind === 'journey' ? answer.journey : null;
  const destination = journey?.destination?.chain ?? etx.destination;
  const route = destination ? etxRoute(origin, destination) : null;
  return (
    <li className="space-y-3 px-4 py-3 text-sm" data-testid="etx-journey" data-etx={etx.hash}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-muted">ETX</span>
        <Hash value={etx.hash} href={urls.tx(etx.hash)} copy />
        <StatusBadge answer={answer} failed={query.isError} />
      </div>
      <Notice answer={answer} error={query.isError ? (query.error as Error).message : null} />
      <ol className="grid gap-3 sm:grid-cols-3">
        <Step n={1} title={`Sent from ${getChain(journey?.origin.chain ?? origin).label}`} done={journey !== null}>
          {journey ? (
            <>
              <p>
                Transaction <Hash value={journey.origin.txHash} href={urls.tx(journey.origin.txHash)} head={6} tail={4} />
              </p>
              <p>
                Block <Link href={urls.block(journey.origin.chain, journey.origin.blockNumber)}>#{journey.origin.blockNumber}</Link>{' '}
                <NumberTriple numbers={journey.origin.numbers} className="text-xs text-muted" title="[Prime, Region, Zone] numbers" />
              </p>
              <p className="text-xs text-muted">
                <Age timestamp={journey.origin.timestamp} />
              </p>
            </>
          ) : (
            <p className="text-muted">this transaction&apos;s block</p>
          )}
        </Step>
        <Step
          n={2}
          title={
            journey?.status === 'delivered'
              ? `Carried through ${route?.via.label ?? 'the dominant chain'}`
              : route
                ? `Waiting for a coincident ${route.via.label} block`
                : 'Waiting for the dominant chain'
          }
          done={journey?.status === 'delivered'}
        >
          <Waiting journey={journey} via={route?.via.label ?? null} />
        </Step>
        <Step n={3} title={`Included in ${destination ? getChain(destination).label : 'the destination zone'}`} done={journey?.status === 'delivered'}>
          {journey?.destination ? (
            <>
              <p>
                Block{' '}
                <Link href={urls.block(journey.destination.chain, journey.destination.blockHash)} data-testid="etx-destination-block">
                  #{journey.destination.blockNumber}
                </Link>{' '}
                <NumberTriple numbers={journey.destination.numbers} className="text-xs text-muted" title="[Prime, Region, Zone] numbers" testId="etx-destination-numbers" />
              </p>
              <p>
                as the type 1 transaction <Hash value={etx.hash} href={urls.tx(etx.hash)} head={6} tail={4} />
              </p>
              <p className="text-xs text-muted">
                <Age timestamp={journey.destination.timestamp} />
              </p>
            </>
          ) : (
            <p className="text-muted">not yet</p>
          )}
        </Step>
      </ol>
    </li>
  );
}

function Waiting({ journey, via }: { journey: EtxJourneyJson | null; via: string | null }) {
  const now = useNow();
  if (!journey) return <p className="text-muted">—</p>;
  if (journey.status === 'delivered' && journey.seconds !== null) {
    return (
      <p data-testid="etx-journey-took">
        Arrived <strong>{formatDuration(Number(journey.seconds) * 1000)}</strong> after it was sent (block timestamps).
      </p>
    );
  }
  return (
    <p>
      Waiting{' '}
      <strong suppressHydrationWarning>{formatDuration(Math.max(0, now - Number(journey.origin.timestamp) * 1000))}</strong> so far
      {via ? `: the ETX is carried once a ${via} block coincides with the origin zone and then with the destination` : ''}.
    </p>
  );
}

function Step({ n, title, done, children }: { n: number; title: string; done: boolean; children: React.ReactNode }) {
  return (
    <li className={`space-y-1 rounded-md border p-3 ${done ? 'border-ok/40' : 'border-border'}`}>
      <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-muted">
        <span className={`inline-flex h-5 w-5 items-center justify-center rounded-full border text-[0.7rem] ${done ? 'border-ok text-ok' : 'border-border'}`}>
          {done ? <Glyph name="pass" label={`step ${n} done:`} /> : <><span className="sr-only">step </span>{n}</>}
        </span>
        {title}
      </p>
      <div className="space-y-1">{children}</div>
    </li>
  );
}

function StatusBadge({ answer, failed }: { answer: JourneyAnswer | undefined; failed: boolean }) {
  const [tone, text] =
    answer?.kind === 'journey'
      ? answer.journey.status === 'delivered'
        ? (['ok', 'delivered'] as const)
        : (['warn', 'pending'] as const)
      : answer === undefined
        ? failed
          ? (['bad', 'unknown'] as const)
          : (['neutral', 'reading…'] as const)
        : answer.kind === 'not-indexed'
          ? (['neutral', 'not indexed yet'] as const)
          : (['neutral', 'unknown'] as const);
  return (
    <span data-testid="etx-journey-status">
      <Badge tone={tone}>{text}</Badge>
    </span>
  );
}

function Notice({ answer, error }: { answer: JourneyAnswer | undefined; error: string | null }) {
  if (error && !answer) return <p className="text-xs text-bad">The journey could not be read: {error}. Retrying.</p>;
  if (!answer || answer.kind === 'journey') return null;
  if (answer.kind === 'not-indexed') {
    return <p className="text-xs text-muted">Strata&apos;s index has not reached the block that emitted this ETX yet; this updates by itself.</p>;
  }
  if (answer.kind === 'no-index') return <p className="text-xs text-muted" data-testid="etx-journey-no-index">The journey comes from the history index: {answer.reason}.</p>;
  return <p className="text-xs text-bad">The explorer&apos;s answer about this journey could not be read ({answer.reason}).</p>;
}
