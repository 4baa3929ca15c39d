import Link from 'next/link';
import { Address } from '@/components/ui/values/Address';
import { Age } from '@/components/ui/values/Age';
import { Amount } from '@/components/ui/values/Amount';
import { Badge } from '@/components/ui/layout/Badge';
import { ChainText } from '@/components/ui/values/ChainText';
import { Hash } from '@/components/ui/values/Hash';
import { BadPageLink, KeysetPager } from '@/components/ui/layout/KeysetPages';
import { getChain } from '@/lib/protocol/chains';
import { formatInteger, plural } from '@/lib/text/format';
import type { InternalTransferItem } from '@/lib/index/readers/internal-transfer-reader';
import type { TraceBehind } from '@/lib/index/readers/trace-progress-reader';
import type { InternalTransfersLoad } from '@/lib/server/history/load-internal-transfers';
import { urls } from '@/lib/routes/urls';
import { isFiltered, type HistoryFilter } from '@/lib/routes/params/history-filter';
import { SCAN } from '@/lib/index/readers/paging/list-filter';
import { Glyph } from '@/components/ui/values/Glyph';

const DIRECTION = {
  in: { label: 'in', tone: 'ok', title: 'Received from a contract, inside a transaction' },
  out: { label: 'out', tone: 'warn', title: 'Sent by this contract, inside a transaction' },
  self: { label: 'self', tone: 'neutral', title: 'Sent by this contract to itself' },
} as const;

/**
 * The History tab's internal transfers: value a contract moved to or from this address below a
 * transaction's top-level call (the index keeps them from the node's traces), newest first, a
 * page at a time (`?internal=`). Each is marked internal and links to its transaction's Trace
 * tab, at the frame that moved it. While the index's traces of the address's zone are behind its
 * blocks it says through which block the list goes ("traced through block N"), and why when the
 * node does not trace; nothing once they are caught up. Nothing is drawn when the index is
 * unavailable: the tab says so above.
 */
export function InternalTransfersSection({ address, load, paged, filter }: { address: string; load: InternalTransfersLoad; paged: boolean; filter: HistoryFilter }) {
  // Without an index, or with a filter it cannot read, the tab says why above.
  if (load.kind === 'unavailable' || load.kind === 'bad-filter') return null;
  if (load.kind === 'bad-cursor') return <BadPageLink problem={load.message} newestHref={urls.addressInternal(address, undefined, filter)} />;
  const filtered = isFiltered(filter);
  const { page, traced } = load;
  return (
    <section className="card" data-testid="internal-history">
      <div className="border-b border-border px-4 py-2 text-sm">
        <h2 className="font-semibold">Internal transfers</h2>
        <p className="text-xs text-muted">Value moved by contracts inside transactions, below their top-level call.</p>
      </div>
      {traced ? <TracedThrough behind={traced} /> : null}
      {load.untraced.map((u) =>
        u.newestBlock === undefined ? null : (
          <p key={`${u.chain}:skipped`} className="border-b border-border px-4 py-2 text-xs text-warn" data-testid="internal-untraced-blocks" data-count={u.blocks}>
            {plural(u.blocks, 'block')} of {getChain(u.chain).label} could not be traced by the node within the index’s budget, so internal transfers
            inside {u.blocks === 1 ? 'it are' : 'them are'} not listed; the newest is{' '}
            <Link href={urls.block(u.chain, u.newestBlock)} prefetch={false}>
              block {formatInteger(u.newestBlock)}
            </Link>{' '}
            ({u.reason}).
          </p>
        ),
      )}
      {page.items.length === 0 ? (
        <p className="p-4 text-sm text-muted">
          {filtered
            ? page.next
              ? `None of the next ${SCAN.toLocaleString('en')} internal transfers of this address matches the filter; older ones follow.`
              : 'No internal transfer of this address matches the filter.'
            : paged
              ? 'No older internal transfers.'
              : 'The index holds no internal transfers of this address.'}
        </p>
      ) : (
        <ul className="divide-y divide-border" data-testid="internal-history-list">
          {page.items.map((item) => (
            <InternalRow key={`${item.chain}:${item.txHash}:${item.seq}`} item={item} />
          ))}
        </ul>
      )}
      <KeysetPager
        label="Internal transfer pages"
        paged={paged}
        newestHref={urls.addressInternal(address, undefined, filter)}
        olderHref={page.next ? urls.addressInternal(address, page.next, filter) : null}
        olderTestId="internal-older"
      />
    </section>
  );
}

/** Through which block the list goes while the traces are behind the index's blocks, and why when the node does not trace. */
function TracedThrough({ behind }: { behind: TraceBehind }) {
  const zone = getChain(behind.chain).label;
  const through = behind.tracedThrough === null ? `No block of ${zone} is traced yet` : `Traced through block ${formatInteger(behind.tracedThrough)} of ${zone}`;
  return (
    <p
      className="border-b border-border px-4 py-2 text-xs text-warn"
      data-testid="internal-traced-through"
      data-traced-through={behind.tracedThrough?.toString() ?? ''}
      data-stalled={behind.stalled ? 'true' : 'false'}
    >
      {through}: internal transfers in the {plural(behind.blocks, 'block')} indexed after it, through block {formatInteger(behind.indexedThrough)}, are not
      listed {behind.stalled ? `because the node does not trace them (${behind.stalled})` : 'yet: their traces are still being read'}.
    </p>
  );
}

function InternalRow({ item }: { item: InternalTransferItem }) {
  const direction = DIRECTION[item.direction ?? 'in'];
  // The other side: who sent it here, or where this contract sent it.
  const other = item.direction === 'out' ? item.to : item.from;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm" data-testid="internal-history-row" data-tx={item.txHash} data-trace-id={item.traceId} data-failed={item.error ? 'true' : 'false'}>
      <Badge tone={direction.tone} title={direction.title}>
        {direction.label}
      </Badge>
      <Badge tone="region" title="Moved inside a transaction by a contract, not sent as a transaction of its own">
        internal
      </Badge>
      <span className="inline-flex items-center gap-1 text-xs text-muted">
        {item.direction === 'out' ? 'to' : 'from'} <Address address={other} />
        {item.contractAddress ? <span>(created)</span> : null}
      </span>
      <span className="inline-flex items-center gap-1 text-xs">
        <Link href={urls.tx(item.txHash)} prefetch={false}>
          <Hash value={item.txHash} head={6} tail={4} />
        </Link>
        <Link href={urls.txTab(item.txHash, 'trace', item.traceId)} prefetch={false} className="font-mono" title="The frame that moved it, in the transaction's Trace tab" data-testid="internal-trace-link">
          trace {item.traceId}
        </Link>
      </span>
      <Badge tone="zone">{getChain(item.chain).label}</Badge>
      {item.error ? (
        <Badge tone="bad" title="A frame on its path failed, so the value did not move">
          <span>
            <Glyph name="fail" /> not moved: <ChainText text={item.error} />
          </span>
        </Badge>
      ) : null}
      <span className={`ml-auto ${item.error ? 'text-muted line-through' : ''}`}>
        <Amount wei={item.value} />
      </span>
      <span className="text-xs text-muted">
        <Age timestamp={item.timestamp} />
      </span>
    </li>
  );
}
