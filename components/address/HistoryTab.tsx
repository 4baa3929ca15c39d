import Link from 'next/link';
import { Address } from '@/components/ui/values/Address';
import { Age } from '@/components/ui/values/Age';
import { Amount } from '@/components/ui/values/Amount';
import { Badge } from '@/components/ui/layout/Badge';
import { Hash } from '@/components/ui/values/Hash';
import { BadPageLink, KeysetPager } from '@/components/ui/layout/KeysetPages';
import { IndexUnavailable } from '@/components/token/IndexUnavailable';
import { getChain } from '@/lib/protocol/chains';
import type { HistoryItem, HistoryPage } from '@/lib/index/readers/history-reader';
import { SCAN } from '@/lib/index/readers/paging/list-filter';
import { knownFunction } from '@/lib/decode/calls';
import { isFiltered, type HistoryFilter } from '@/lib/routes/params/history-filter';
import { HistoryFilterForm } from './HistoryFilterForm';
import type { HistoryLoad } from '@/lib/server/history/load-history';
import { urls } from '@/lib/routes/urls';
import { Glyph } from '@/components/ui/values/Glyph';
import { DataTable } from '@/components/ui/layout/DataTable';

const DIRECTION: Record<HistoryItem['direction'], { label: string; tone: 'warn' | 'ok' | 'neutral'; title: string }> = {
  out: { label: 'out', tone: 'warn', title: 'Sent by this address' },
  in: { label: 'in', tone: 'ok', title: 'Received by this address (or a contract it is)' },
  self: { label: 'self', tone: 'neutral', title: 'Sent by this address to itself' },
};

const KIND: Record<HistoryItem['type'], string> = {
  internal: 'transfer / call',
  'contract-creation': 'contract creation',
  'etx-sent': 'ETX sent',
  'etx-received': 'ETX received',
};

/** The other party of a row: whom this address sent to, or who sent to it. */
function counterparty(item: HistoryItem): { address: string | null; label?: string } {
  if (item.direction === 'out') return item.to ? { address: item.to } : { address: item.contractAddress, label: 'created' };
  if (item.direction === 'self') return { address: item.from };
  return { address: item.from };
}

/**
 * The address's History tab: its transactions from the index, newest first, a page at a time
 * (keyset paging: "older" follows the page's cursor), under the advanced filter (kept in the URL),
 * with the three CSV exports of what the filter shows. When there is no index the tab says why
 * instead.
 */
export function HistoryTab({ address, load, paged, filter }: { address: string; load: HistoryLoad; paged: boolean; filter: HistoryFilter }) {
  if (load.kind === 'unavailable') return <IndexUnavailable state={load.state} reason={load.reason} testId="history-unavailable" />;
  if (load.kind === 'bad-cursor') return <BadPageLink problem={load.message} newestHref={urls.addressHistory(address, undefined, filter)} />;
  const filtered = isFiltered(filter);
  return (
    <section className="card" data-testid="history">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-2 text-sm">
        <h2 className="font-semibold">Transactions</h2>
        <Exports address={address} filter={filter} />
      </div>
      <HistoryFilterForm address={address} filter={filter} />
      {load.kind === 'bad-filter' ? (
        <p className="m-4 rounded-lg border border-bad/40 p-3 text-sm" role="alert" data-testid="history-filter-problem">
          This filter cannot be applied: {load.message}.{' '}
          <Link href={urls.addressHistory(address)}>Show every transaction.</Link>
        </p>
      ) : (
        <HistoryPageBody address={address} page={load.page} paged={paged} filter={filter} filtered={filtered} />
      )}
    </section>
  );
}

function HistoryPageBody({ address, page, paged, filter, filtered }: { address: string; page: HistoryPage; paged: boolean; filter: HistoryFilter; filtered: boolean }) {
  const { items, next } = page;
  const none = filtered
    ? next
      ? `None of the next ${SCAN.toLocaleString('en')} transactions of this address matches the filter; older ones follow.`
      : paged
        ? 'No older transactions match the filter.'
        : 'No transaction of this address in the index matches the filter.'
    : paged
      ? 'No older transactions.'
      : 'The index holds no transactions of this address yet (it may still be catching up).';
  return (
    <>
      {items.length === 0 ? (
        <p className="p-4 text-sm text-muted" data-testid="history-empty">{none}</p>
      ) : (
        <>
          <HistoryList items={items} />
          <HistoryTable items={items} />
        </>
      )}
      <KeysetPager
        label="History pages"
        paged={paged}
        newestHref={urls.addressHistory(address, undefined, filter)}
        olderHref={next ? urls.addressHistory(address, next, filter) : null}
        olderTestId="history-older"
      />
    </>
  );
}

/** The three exports, each of what the filter shows (the whole history without one). */
function Exports({ address, filter }: { address: string; filter: HistoryFilter }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
      <span className="text-muted">Download CSV{isFiltered(filter) ? ' (filtered)' : ''}:</span>
      <a href={urls.api.historyCsv(address, filter)} download data-testid="history-csv" className="inline-flex min-h-6 items-center">
        Transactions
      </a>
      <a href={urls.api.tokenTransfersCsv(address, filter)} download data-testid="token-transfers-csv" className="inline-flex min-h-6 items-center">
        Token transfers
      </a>
      <a href={urls.api.internalTransactionsCsv(address, filter)} download data-testid="internal-csv" className="inline-flex min-h-6 items-center">
        Internal transactions
      </a>
    </p>
  );
}

/** The transaction's method: the signature table's name for its selector, else the selector; none for a plain transfer or creation. */
function methodOf(item: HistoryItem): string | null {
  if (item.method === null) return null;
  return knownFunction(item.method)?.name ?? item.method;
}

/** Narrow screens: one stacked entry per transaction instead of a table to scroll sideways. */
function HistoryList({ items }: { items: readonly HistoryItem[] }) {
  return (
    <ul className="divide-y divide-border sm:hidden" data-testid="history-list">
      {items.map((item) => {
        const direction = DIRECTION[item.direction];
        const other = counterparty(item);
        return (
          <li key={`${item.chain}:${item.blockNumber}:${item.index}`} className="space-y-1 px-4 py-2 text-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="inline-flex items-center gap-2">
                <Badge tone={direction.tone} title={direction.title}>{direction.label}</Badge>
                <Link href={urls.tx(item.hash)} prefetch={false}>
                  <Hash value={item.hash} head={6} tail={4} />
                </Link>
              </span>
              <Amount wei={item.value} />
            </div>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
              {other.address ? <Address address={other.address} /> : <span>contract creation</span>}
              <ZoneBadges item={item} />
              <StatusBadge status={item.status} />
              <InnerRevertsMark count={item.innerReverts} />
              <span className="ml-auto">
                <Age timestamp={item.timestamp} />
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function ZoneBadges({ item }: { item: HistoryItem }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Link href={urls.block(item.chain, item.blockNumber)} prefetch={false} className="hover:no-underline">
        <Badge tone="zone" title={`In ${getChain(item.chain).label} block #${item.blockNumber}`}>{getChain(item.chain).label}</Badge>
      </Link>
      {item.otherChain ? (
        <Badge tone="region" title={item.type === 'etx-sent' ? 'Destination zone of the ETX' : 'Origin zone of the ETX'}>
          {item.type === 'etx-sent' ? <Glyph name="to" label="to" /> : <Glyph name="from" label="from" />}{' '}
          {getChain(item.otherChain).label}
        </Badge>
      ) : null}
    </span>
  );
}

/** A success in which calls reverted and were caught (the index's inner_reverts, from the traces it reads). */
function InnerRevertsMark({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="mt-0.5 block whitespace-nowrap text-xs text-warn" data-testid="history-inner-reverts" data-count={count} title="Calls inside this transaction reverted and were caught; the transaction succeeded. Its page says why.">
      {count === 1 ? '1 internal call reverted' : `${count} internal calls reverted`}
    </span>
  );
}

function StatusBadge({ status }: { status: HistoryItem['status'] }) {
  if (status === null) return <span className="text-muted">status unknown</span>;
  return <Badge tone={status === 'success' ? 'ok' : 'bad'}>{status}</Badge>;
}

function HistoryTable({ items }: { items: readonly HistoryItem[] }) {
  return (
    <DataTable caption="Transactions of this address, newest first" boxClassName="hidden sm:block" className="w-full min-w-[46rem] text-sm" testId="history-table">
        <thead className="text-left text-xs text-muted">
          <tr className="border-b border-border">
            <th className="px-3 py-2 font-medium">Transaction</th>
            <th className="px-3 py-2 font-medium">Direction</th>
            <th className="px-3 py-2 font-medium">Counterparty</th>
            <th className="px-3 py-2 font-medium">Zone</th>
            <th className="px-3 py-2 font-medium">Status</th>
            <th className="px-3 py-2 text-right font-medium">Value</th>
            <th className="px-3 py-2 text-right font-medium">Age</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {items.map((item) => (
            <HistoryRow key={`${item.chain}:${item.blockNumber}:${item.index}`} item={item} />
          ))}
        </tbody>
    </DataTable>
  );
}

function HistoryRow({ item }: { item: HistoryItem }) {
  const direction = DIRECTION[item.direction];
  const other = counterparty(item);
  return (
    <tr data-testid="history-row" data-hash={item.hash}>
      <td className="px-3 py-2">
        <Link href={urls.tx(item.hash)} prefetch={false}>
          <Hash value={item.hash} />
        </Link>
        <div className="text-xs text-muted">
          {KIND[item.type]}
          {methodOf(item) ? <span className="ml-1 font-mono" data-testid="history-method">· {methodOf(item)}</span> : null}
        </div>
      </td>
      <td className="px-3 py-2">
        <Badge tone={direction.tone} title={direction.title}>{direction.label}</Badge>
      </td>
      <td className="px-3 py-2">
        {other.address ? <Address address={other.address} /> : <span className="text-muted">contract creation</span>}
        {other.label ? <span className="ml-1 text-xs text-muted">{other.label}</span> : null}
      </td>
      <td className="px-3 py-2">
        <ZoneBadges item={item} />
      </td>
      <td className="px-3 py-2">
        <StatusBadge status={item.status} />
        <InnerRevertsMark count={item.innerReverts} />
      </td>
      <td className="px-3 py-2 text-right">
        <Amount wei={item.value} />
      </td>
      <td className="px-3 py-2 text-right text-muted">
        <Age timestamp={item.timestamp} />
      </td>
    </tr>
  );
}
