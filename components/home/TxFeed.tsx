import { memo } from 'react';
import { SoftLink } from '@/components/ui/values/SoftLink';
import { LiveAddress } from '@/components/ui/values/LiveAddress';
import { Age } from '@/components/ui/values/Age';
import { Amount } from '@/components/ui/values/Amount';
import { Badge } from '@/components/ui/layout/Badge';
import { shortenHex } from '@/lib/text/format';
import { getChain, type ChainName } from '@/lib/protocol/chains';
import type { FeedTransaction } from '@/lib/network/tips-types';
import { urls } from '@/lib/routes/urls';
import { FeedSection } from './FeedSection';
import { Glyph } from '@/components/ui/values/Glyph';

const TYPE_LABELS = { 0: 'internal', 1: 'external', 2: 'to external' } as const;

/** Transactions of the newest zone blocks. Memoised, as each row (see BlockFeed). */
export const TxFeed = memo(function TxFeed({ transactions, fresh, allOf }: { transactions: readonly FeedTransaction[]; fresh?: ReadonlySet<string>; allOf?: ChainName }) {
  return (
    <FeedSection
      id="txs-heading"
      title="Latest transactions"
      count={transactions.length}
      emptyText="No transactions in the latest blocks."
      testId="tx-feed"
      more={allOf ? { href: urls.txs(allOf), label: `All transactions of ${getChain(allOf).label}` } : undefined}
    >
      {/* Rows keyed by position, one line each: a new transaction rewrites the rows in place instead of pushing every row down. */}
      {transactions.map((tx, i) => (
        <li key={i} data-hash={tx.hash}>
          <TxRow key={tx.hash} tx={tx} fresh={fresh?.has(tx.hash) ?? false} />
        </li>
      ))}
    </FeedSection>
  );
});

const TxRow = memo(function TxRow({ tx, fresh }: { tx: FeedTransaction; fresh: boolean }) {
  return (
    <div className={`grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-2.5 text-sm ${fresh ? 'arrive' : ''}`}>
      <div className="flex min-w-0 items-center gap-x-2 overflow-hidden whitespace-nowrap">
        <SoftLink href={urls.tx(tx.hash)} className="font-mono" title={tx.hash}>
          {shortenHex(tx.hash, 8, 6)}
        </SoftLink>
        {tx.type !== 0 ? <Badge tone="neutral">{TYPE_LABELS[tx.type]}</Badge> : null}
        {/* The zone's whole list of transactions. */}
        <SoftLink href={urls.txs(tx.chain)} className="min-w-0 truncate py-1 text-xs text-muted">
          {getChain(tx.chain).label}
        </SoftLink>
      </div>
      <div className="text-right text-xs text-muted">
        <Age timestamp={tx.timestamp} />
      </div>
      <div className="flex min-w-0 items-center gap-x-1 overflow-hidden whitespace-nowrap text-xs text-muted">
        {/* Each side shrinks (clipped at its end) so that on a narrow screen the recipient shows too, not only the sender. */}
        <span className="min-w-0 overflow-hidden">
          <LiveAddress address={tx.from} />
        </span>
        <Glyph name="to" label="to" className="shrink-0" />
        <span className="min-w-0 overflow-hidden">{tx.to ? <LiveAddress address={tx.to} /> : 'contract creation'}</span>
      </div>
      <div className="text-right text-xs tabular-nums">
        <Amount wei={BigInt(tx.value)} />
      </div>
    </div>
  );
});
