import Link from 'next/link';
import { LiveAddress } from '@/components/ui/values/LiveAddress';
import { Badge } from '@/components/ui/layout/Badge';
import { Hash } from '@/components/ui/values/Hash';
import { formatGweiAmount, formatQuai } from '@/lib/text/format';
import { urls } from '@/lib/routes/urls';
import { describeGap } from '@/lib/network/group-pool';
import type { PoolGroupView, PoolRowView } from '@/lib/network/txpool-view';

/** One sender's pooled transactions in nonce order, with missing nonces drawn as gap rows. */
export function PoolGroup({ group }: { group: PoolGroupView }) {
  return (
    <section className="overflow-hidden card" data-testid="pool-group" data-sender={group.sender.toLowerCase()}>
      <header className="flex flex-wrap items-center gap-2 border-b border-border px-4 py-2 text-sm">
        <span className="text-muted">From</span>
        <LiveAddress address={group.sender} zone copy />
        <span className="ml-auto flex flex-wrap gap-2">
          {group.pendingCount > 0 ? <Badge tone="ok">{group.pendingCount} pending</Badge> : null}
          {group.queuedCount > 0 ? <Badge tone="warn">{group.queuedCount} queued</Badge> : null}
          {group.missingNonces !== '0' ? (
            <Badge tone="bad" title="Nonces absent from the pool and the chain: later transactions wait for them">
              {group.missingNonces} missing
            </Badge>
          ) : null}
        </span>
      </header>
      <ol className="divide-y divide-border">
        {group.rows.map((row) => (
          <PoolRow key={row.kind === 'gap' ? `gap-${row.from}` : `tx-${row.nonce}`} row={row} />
        ))}
      </ol>
    </section>
  );
}

function PoolRow({ row }: { row: PoolRowView }) {
  if (row.kind === 'gap') {
    return (
      <li data-testid="nonce-gap" className="bg-bad/5 px-4 py-2 text-sm text-bad">
        Gap: {describeGap(BigInt(row.from), BigInt(row.to))} missing — the transactions after it stay queued until{' '}
        {row.from === row.to ? 'it is' : 'they are'} sent.
      </li>
    );
  }
  return (
    <li data-testid="pool-tx" data-nonce={row.nonce} data-status={row.status} className="grid gap-1 px-4 py-2 text-sm sm:grid-cols-[6rem_6rem_1fr]">
      <span className="font-mono tabular-nums">nonce {row.nonce}</span>
      <span>
        <Badge tone={row.status === 'pending' ? 'ok' : 'warn'}>{row.status}</Badge>
      </span>
      <span className="min-w-0 space-y-0.5">
        {row.tx ? (
          <span className="flex flex-wrap items-center gap-x-3 gap-y-0.5">
            <Hash value={row.tx.hash} href={urls.tx(row.tx.hash)} />
            <span className="text-muted">to</span>
            {row.tx.to ? <LiveAddress address={row.tx.to} /> : <span>contract creation</span>}
            <span className="tabular-nums">{formatQuai(BigInt(row.tx.value))}</span>
            <span className="text-muted tabular-nums" title="max fee per gas / max priority fee per gas">
              {formatGweiAmount(BigInt(row.tx.maxFeePerGas))} / {formatGweiAmount(BigInt(row.tx.maxPriorityFeePerGas))}
            </span>
          </span>
        ) : null}
        {row.summary !== undefined ? (
          <span className="block break-all font-mono text-xs text-muted" title="txpool_inspect summary, as the node wrote it">
            {row.summary}
          </span>
        ) : null}
      </span>
    </li>
  );
}

/** Link list of configured zones, for switching pools. */
export function ZoneSwitch({ zones, current, href }: { zones: readonly { name: string; label: string }[]; current: string; href: (zone: string) => string }) {
  return (
    <nav aria-label="Zones" className="flex flex-wrap gap-2 text-sm">
      {zones.map((z) => (
        <Link
          key={z.name}
          href={href(z.name)}
          aria-current={z.name === current ? 'page' : undefined}
          className={`rounded-full border px-3 py-0.5 hover:no-underline ${z.name === current ? 'border-accent text-fg' : 'border-border text-muted hover:text-fg'}`}
        >
          {z.label}
        </Link>
      ))}
    </nav>
  );
}
