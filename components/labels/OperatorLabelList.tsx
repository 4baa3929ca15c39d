import Link from 'next/link';
import { Address } from '@/components/ui/values/Address';
import { Card } from '@/components/ui/layout/Card';
import { formatInteger } from '@/lib/text/format';
import { MAX_LABEL_QUERY } from '@/lib/routes/params/labels-params';
import type { OperatorLabelPage } from '@/lib/server/labels/search-operator-labels';
import { urls } from '@/lib/routes/urls';

/**
 * The operator's labels (STRATA_LABELS), one page of a search made on the server: the form is a
 * plain GET, so it works before (and without) JavaScript and the page never carries the whole file.
 */
export function OperatorLabelList({ result, fileSize }: { result: OperatorLabelPage; fileSize: number }) {
  const { query, page, pages, total, rows } = result;
  return (
    <Card title={`This explorer's labels (${formatInteger(BigInt(fileSize))})`}>
      {fileSize === 0 ? (
        <p className="p-4 text-sm text-muted">
          None. An operator ships labels for every reader with <code className="font-mono">STRATA_LABELS=&lt;path to a label file&gt;</code>.
        </p>
      ) : (
        <>
          <form action={urls.labels()} method="get" role="search" className="flex flex-wrap items-center gap-2 border-b border-border px-4 py-2 text-sm">
            <input
              name="q"
              defaultValue={query}
              maxLength={MAX_LABEL_QUERY}
              aria-label="Search this explorer's labels by name or address"
              placeholder="Search by name or address"
              data-testid="operator-labels-search"
              className="min-w-0 flex-1 rounded-md border border-border bg-bg px-2 py-1"
            />
            <button type="submit" className="rounded-md border border-border px-2 py-1">
              Search
            </button>
            <span className="text-xs text-muted" data-testid="operator-labels-count">
              {query ? `${formatInteger(BigInt(total))} matching “${query}”` : null}
              {pages > 1 ? `${query ? ' · ' : ''}page ${page} of ${formatInteger(BigInt(pages))}` : null}
            </span>
          </form>
          {rows.length === 0 ? (
            <p className="p-4 text-sm text-muted">No label matches “{query}”.</p>
          ) : (
            <ul className="divide-y divide-border" data-testid="operator-labels">
              {rows.map((row) => (
                <li key={row.address} className="flex flex-wrap items-center gap-x-3 px-4 py-2 text-sm">
                  <Address address={row.address} full />
                  {row.hasAbi ? <span className="text-xs text-muted">with an ABI</span> : null}
                </li>
              ))}
            </ul>
          )}
          {pages > 1 ? (
            <nav className="flex justify-between gap-2 border-t border-border px-4 py-2 text-sm" aria-label="Pages of this explorer's labels">
              {page > 1 ? <Link href={urls.labels({ q: query, page: page - 1 })}>Previous</Link> : <span />}
              {page < pages ? (
                <Link href={urls.labels({ q: query, page: page + 1 })} data-testid="operator-labels-next">
                  Next
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </Card>
  );
}
