'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { LiveAddress } from '@/components/ui/values/LiveAddress';
import { Age } from '@/components/ui/values/Age';
import { OrderBadge } from '@/components/ui/layout/Badge';
import { Hash } from '@/components/ui/values/Hash';
import { NumberTriple } from '@/components/ui/values/NumberTriple';
import { Glyph } from '@/components/ui/values/Glyph';
import { DataTable } from '@/components/ui/layout/DataTable';
import { SoftLink } from '@/components/ui/values/SoftLink';
import { PoliteAnnouncer } from '@/components/ui/live/PoliteAnnouncer';
import { useChainStream } from '@/components/ui/live/use-chain-stream';
import type { ChainName, Level } from '@/lib/protocol/chains';
import { formatInteger } from '@/lib/text/format';
import type { StreamBlock } from '@/lib/live/stream-events';
import { withBlock, withoutReorged } from '@/lib/live/live-rows';
import { urls } from '@/lib/routes/urls';
import { gasRatio } from './header/figures';

/** A row of the table, as the server hands it over (decimal strings) and the stream adds them. */
export interface BlockRow {
  readonly hash: string;
  readonly number: string;
  readonly numbers: readonly [string, string, string];
  readonly order: Level;
  readonly timestamp: string;
  readonly transactionCount: number;
  readonly gasUsed: string;
  readonly gasLimit: string;
  readonly miner: string;
  /** Fields of the node's answer that failed their check (server rows only). */
  readonly failed: readonly { readonly field: string; readonly expected: string; readonly got: string }[];
}

export function rowOfStreamBlock(block: StreamBlock): BlockRow {
  return {
    hash: block.hash, number: block.number, numbers: block.numbers, order: block.order, timestamp: block.timestamp,
    transactionCount: block.transactionCount + block.extTransactionCount, gasUsed: block.gasUsed, gasLimit: block.gasLimit, miner: block.miner, failed: [],
  };
}

/** Where the stream is unavailable, the page is drawn again this often. */
const REFRESH_MS = 5_000;

/**
 * A chain's newest blocks, kept current by its stream from the position the page was drawn at
 * (`from`): a new block goes on top, a reorg takes out what it removed, a screen reader hears of
 * the newest block politely. Where the stream is unavailable the page is drawn again every 5 s.
 */
export function LiveBlockTable({ chain, label, rows: initial, from }: { chain: ChainName; label: string; rows: readonly BlockRow[]; from?: string }) {
  const [rows, setRows] = useState(initial);
  const [newest, setNewest] = useState<string | null>(null);
  const limit = Math.max(initial.length, 20);
  const router = useRouter();
  const status = useChainStream(
    chain,
    {
      onBlock: (block) => {
        setRows((r) => withBlock(r, rowOfStreamBlock(block), limit));
        setNewest(`New block on ${label}: ${formatInteger(BigInt(block.number))}; ${block.transactionCount} transactions.`);
      },
      onReorg: (reorg) => setRows((r) => withoutReorged(r, reorg)),
      onGap: () => router.refresh(),
    },
    from,
  );
  // A refreshed page brings new rows from the server.
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setRows(initial);
  }
  useEffect(() => {
    if (status !== 'unavailable') return;
    const timer = setInterval(() => router.refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [status, router]);

  if (rows.length === 0) return <p className="p-4 text-sm text-muted">The node reports no blocks on {label} yet.</p>;
  return (
    <>
      <PoliteAnnouncer message={newest} testId="block-announcement" />
      <DataTable caption={`The newest blocks of ${label}`} className="w-full min-w-[46rem] text-sm" testId="recent-blocks">
        <thead className="text-left text-xs text-muted">
          <tr className="border-b border-border">
            <th className="px-3 py-2 font-medium">Block</th>
            <th className="px-3 py-2 font-medium">[P, R, Z]</th>
            <th className="px-3 py-2 font-medium">Hash</th>
            <th className="px-3 py-2 font-medium">Age</th>
            <th className="px-3 py-2 text-right font-medium">Txs</th>
            <th className="px-3 py-2 text-right font-medium">Gas used</th>
            <th className="px-3 py-2 font-medium">Miner</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border" data-stream={status}>
          {rows.map((row, i) => (
            // Keyed by position too: a node answering one block for two heights must not collide.
            <tr key={`${i}:${row.hash}`} data-answer={row.failed.length > 0 ? 'failed' : undefined} data-hash={row.hash}>
              <td className="px-3 py-2">
                <span className="inline-flex items-center gap-2">
                  <SoftLink href={urls.block(chain, row.number)} className="tabular-nums">
                    {formatInteger(BigInt(row.number))}
                  </SoftLink>
                  {row.order < 2 ? <OrderBadge order={row.order} /> : null}
                  {row.failed.length > 0 ? (
                    <span className="text-xs font-medium text-bad" data-testid="answer-flag" title={row.failed.map((c) => `${c.field}: expected ${c.expected}, got ${c.got}`).join('\n')}>
                      <Glyph name="fail" label="differs:" /> {row.failed.map((c) => c.field).join(', ')}
                    </span>
                  ) : null}
                </span>
              </td>
              <td className="px-3 py-2 font-mono text-xs tabular-nums text-muted">
                <NumberTriple numbers={row.numbers} />
              </td>
              <td className="px-3 py-2">
                <Hash value={row.hash} href={urls.block(chain, row.hash)} />
              </td>
              <td className="px-3 py-2 text-xs">
                <Age timestamp={row.timestamp} />
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{row.transactionCount}</td>
              <td className="px-3 py-2 text-right text-xs tabular-nums">{gasRatio(BigInt(row.gasUsed), BigInt(row.gasLimit))}</td>
              <td className="px-3 py-2">
                <LiveAddress address={row.miner} />
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </>
  );
}
