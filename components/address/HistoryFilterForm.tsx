import Link from 'next/link';
import { isFiltered, type HistoryFilter } from '@/lib/routes/params/history-filter';
import { urls } from '@/lib/routes/urls';

const FIELD = 'w-full rounded-md border border-border bg-bg px-2 py-1.5 text-sm text-fg';

/**
 * The History tab's advanced filter, as Etherscan's: direction, method, token, counterparty and a
 * date range. A GET form (works without JavaScript) whose fields are the page's query parameters,
 * so a filtered view is a URL to share; blank fields are dropped by the page (a redirect). Folded
 * until a filter is set.
 */
export function HistoryFilterForm({ address, filter }: { address: string; filter: HistoryFilter }) {
  const filtered = isFiltered(filter);
  return (
    <details className="border-b border-border px-4 py-2 text-sm" open={filtered} data-testid="history-filter">
      <summary className="cursor-pointer py-1 font-medium">Advanced filter{filtered ? ' (on)' : ''}</summary>
      <form method="get" action={urls.address(address)} className="grid grid-cols-1 gap-3 pb-2 pt-2 sm:grid-cols-2 lg:grid-cols-3">
        <input type="hidden" name="tab" value="history" />
        <label className="flex flex-col gap-1 text-xs text-muted">
          Direction
          <select name="direction" defaultValue={filter.direction ?? ''} className={FIELD}>
            <option value="">In and out</option>
            <option value="out">Out (sent)</option>
            <option value="in">In (received)</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs text-muted">
          Method (name or selector)
          <input name="method" defaultValue={filter.method ?? ''} placeholder="transfer or 0xa9059cbb" spellCheck={false} autoComplete="off" className={`${FIELD} font-mono`} />
        </label>
        <label className="flex flex-col gap-1 text-xs text-muted">
          Token (moved by the transaction)
          <input name="token" defaultValue={filter.token ?? ''} placeholder="0x…" spellCheck={false} autoComplete="off" className={`${FIELD} font-mono`} />
        </label>
        <label className="flex flex-col gap-1 text-xs text-muted">
          Counterparty
          <input name="counterparty" defaultValue={filter.counterparty ?? ''} placeholder="0x…" spellCheck={false} autoComplete="off" className={`${FIELD} font-mono`} />
        </label>
        <label className="flex flex-col gap-1 text-xs text-muted">
          From (UTC day)
          <input type="date" name="from" defaultValue={filter.from ?? ''} className={FIELD} />
        </label>
        <label className="flex flex-col gap-1 text-xs text-muted">
          To (UTC day, included)
          <input type="date" name="to" defaultValue={filter.to ?? ''} className={FIELD} />
        </label>
        <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-3">
          <button type="submit" className="rounded-md bg-accent px-3 py-1.5 text-sm font-medium text-accent-fg hover:opacity-90">
            Apply
          </button>
          {filtered ? (
            <Link href={urls.addressHistory(address)} className="inline-flex min-h-6 items-center text-sm" data-testid="history-filter-clear">
              Clear the filter
            </Link>
          ) : null}
        </div>
      </form>
    </details>
  );
}
