import Link from 'next/link';
import { Card } from '@/components/ui/layout/Card';
import { getChain } from '@/lib/protocol/chains';
import { formatInteger } from '@/lib/text/format';
import { urls } from '@/lib/routes/urls';
import type { IndexFailure, IndexStatus } from '@/lib/server/history/load-index-status';
import { DataTable } from '@/components/ui/layout/DataTable';

/** While the writer cannot write: its last error, since when, and how many attempts failed. */
function FailingNote({ failure }: { failure: IndexFailure }) {
  return (
    <p className="border-b border-border px-4 py-2 text-sm text-bad" role="alert" data-testid="index-status-failing">
      Index writes are failing{failure.chain ? ` on ${getChain(failure.chain).label}` : ''} since {failure.since} (
      {formatInteger(BigInt(failure.failures))} attempts): {failure.error}. History shown here stops at the indexed heights below.
    </p>
  );
}

/**
 * The history index per zone chain: indexed height (the block pass), traced height (the trace pass,
 * behind it: internal transfers), the node's tip, lag and blocks per second, and a note while
 * stored blocks are re-read for a derivation a migration added or the node does not trace. While the writer's
 * writes fail it says so with the error, above the table and under each failing zone.
 * Without an index (off, starting, unreachable) it says why; the rest of the page is unaffected.
 */
export function IndexStatusTable({ status }: { status: IndexStatus }) {
  if (status.state !== 'ready' && status.state !== 'failing') {
    return (
      <Card title="History index">
        <p className="p-4 text-sm text-muted" role="status" data-testid="index-status-unavailable">
          {status.state === 'off' ? 'The history index is off' : status.state === 'starting' ? 'The history index is starting' : 'The history index is unavailable'}: {status.reason}.
        </p>
      </Card>
    );
  }
  return (
    <Card title="History index">
      <p className="border-b border-border px-4 py-2 text-xs text-muted">
        Written by {status.writer}. Lag is how many blocks the index is behind the node&apos;s tip; traced is how far internal transfers are
        written, behind the indexed blocks.
      </p>
      {status.failure ? <FailingNote failure={status.failure} /> : null}
      <DataTable caption="The history index per zone" keyboardScroll className="w-full min-w-[34rem] text-sm" testId="index-status">
          <thead className="text-left text-xs text-muted">
            <tr className="border-b border-border">
              <th className="px-3 py-2 font-medium">Zone</th>
              <th className="px-3 py-2 text-right font-medium">Indexed</th>
              <th className="px-3 py-2 text-right font-medium">Traced</th>
              <th className="px-3 py-2 text-right font-medium">Tip</th>
              <th className="px-3 py-2 text-right font-medium">Lag</th>
              <th className="px-3 py-2 text-right font-medium">Blocks/s</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border tabular-nums">
            {status.chains.map((c) => (
              <tr key={c.chain} data-chain={c.chain}>
                <td className="px-3 py-2">
                  {getChain(c.chain).label}
                  {c.rereads.length > 0 ? (
                    <span className="block text-xs text-muted" data-testid="index-reread">
                      re-reading for {c.rereads.map((r) => r.derivation).join(', ')}: block {formatInteger(c.rereads[0]?.next ?? 0n)} of{' '}
                      {formatInteger(c.rereads[0]?.through ?? 0n)}
                    </span>
                  ) : null}
                  {c.untraced ? (
                    <span className="block text-xs text-warn" data-testid="index-untraced">
                      not traced: {c.untraced.reason}
                    </span>
                  ) : null}
                  {c.untracedBlocks.count > 0 ? (
                    <span className="block text-xs text-warn" data-testid="index-untraced-blocks" data-count={c.untracedBlocks.count}>
                      {formatInteger(c.untracedBlocks.count)} {c.untracedBlocks.count === 1 ? 'block' : 'blocks'} left untraced (no internal transfers), newest{' '}
                      <Link prefetch={false} href={urls.block(c.chain, c.untracedBlocks.newest[0]!.number)} className="underline underline-offset-2">
                        #{formatInteger(c.untracedBlocks.newest[0]!.number)}
                      </Link>
                      : {c.untracedBlocks.newest[0]!.reason}
                    </span>
                  ) : null}
                  {c.error ? (
                    <span className="block text-xs text-bad" data-testid="index-chain-error">
                      writes failing since {c.failingSince}: {c.error}
                    </span>
                  ) : null}
                </td>
                <td className="px-3 py-2 text-right">{c.indexedHeight === null ? '—' : formatInteger(c.indexedHeight)}</td>
                <td className={`px-3 py-2 text-right ${c.traceLag !== null && c.traceLag > 10n ? 'text-warn' : ''}`} data-testid="index-traced">
                  {c.traceCursor === null ? '—' : formatInteger(c.traceCursor)}
                </td>
                <td className="px-3 py-2 text-right">{c.tip === null ? '—' : formatInteger(c.tip)}</td>
                <td className={`px-3 py-2 text-right ${c.lag !== null && c.lag > 10n ? 'text-warn' : ''}`}>
                  {c.lag === null ? '—' : formatInteger(c.lag)}
                </td>
                <td className="px-3 py-2 text-right">{c.blocksPerSecond === null ? '—' : c.blocksPerSecond.toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
      </DataTable>
    </Card>
  );
}
