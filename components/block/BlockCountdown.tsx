import Link from 'next/link';
import type { Chain } from '@/lib/protocol/chains';
import { estimateSeconds, SAMPLE, type Countdown } from '@/lib/network/block-countdown';
import { formatDuration, formatInteger, formatUtc } from '@/lib/text/format';
import { urls } from '@/lib/routes/urls';
import { InfoRow, InfoTable } from '@/components/ui/layout/InfoTable';

/**
 * How long until a chain mines a block, as Etherscan's countdown page: the estimate first, then
 * what it is made of (the tip, the blocks remaining, the average block time it was measured at),
 * and the same block on the other chains served.
 */
export function BlockCountdown({ chain, countdown, chains, notice }: { chain: Chain; countdown: Extract<Countdown, { kind: 'ahead' }>; chains: readonly Chain[]; notice?: string }) {
  const seconds = Number(countdown.estimateTenths) / 10;
  const eta = countdown.tipTimestamp + BigInt(Math.round(seconds));
  const others = chains.filter((c) => c.name !== chain.name);
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold">
          Countdown to block #{formatInteger(countdown.target)} on {chain.label}
        </h1>
        <p className="text-sm text-muted">An estimate from the chain&apos;s recent blocks: it moves as blocks come faster or slower.</p>
        {notice ? (
          <p className="mt-2 rounded-md border border-warn/40 p-2 text-sm" role="note" data-testid="countdown-notice">
            {notice}
          </p>
        ) : null}
      </div>
      <section className="card p-4" aria-labelledby="countdown-estimate">
        <h2 id="countdown-estimate" className="text-sm text-muted">
          Estimated time left
        </h2>
        <p className="text-2xl font-semibold tabular-nums" data-testid="countdown-estimate" data-seconds={estimateSeconds(countdown.estimateTenths)}>
          {countdown.sample === 0 ? 'Not measurable yet (the chain has one block)' : formatDuration(seconds * 1000)}
        </p>
        <p className="text-sm text-muted">Around {formatUtc(eta)}, at {formatDuration(countdown.blockTimeMs)} a block.</p>
      </section>
      <InfoTable title="How it is estimated">
        <InfoRow label="Current block">
          <Link href={urls.block(chain.name, countdown.current)} data-testid="countdown-current">
            #{formatInteger(countdown.current)}
          </Link>
        </InfoRow>
        <InfoRow label="Countdown block">#{formatInteger(countdown.target)}</InfoRow>
        <InfoRow label="Blocks remaining">
          <span data-testid="countdown-remaining">{formatInteger(countdown.remaining)}</span>
        </InfoRow>
        <InfoRow label="Average block time" hint={`Measured over the chain's last ${SAMPLE} blocks (fewer on a young chain), from its headers' timestamps.`}>
          {formatDuration(countdown.blockTimeMs)} over the last {formatInteger(countdown.sample)} blocks
        </InfoRow>
      </InfoTable>
      {others.length > 0 ? (
        <nav aria-label="The same block on other chains" className="text-sm">
          <h2 className="mb-1 font-semibold">Block #{formatInteger(countdown.target)} on another chain</h2>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {others.map((c) => (
              <li key={c.name}>
                <Link href={urls.blockCountdown(countdown.target, c.name)} prefetch={false} className="inline-flex min-h-6 items-center">
                  {c.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
