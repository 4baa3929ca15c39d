import Link from 'next/link';
import { LEVEL_LABELS, getChain } from '@/lib/protocol/chains';
import { formatInteger, plural } from '@/lib/text/format';
import { describe, WINDOW_SECONDS, type HierarchyLayout } from '@/lib/live/hierarchy/layout';
import { urls } from '@/lib/routes/urls';

/**
 * The picture in words, for every reader (a screen reader hears this, not the drawing): each
 * chain's blocks in the window and its newest, linked; how many were also blocks of a higher
 * level; the ETXs in flight and delivered, and the uncles.
 */
export function HierarchyText({ view }: { view: HierarchyLayout }) {
  const summary = describe(view);
  return (
    <section aria-labelledby="hierarchy-text" className="card" data-testid="hierarchy-text">
      <h2 id="hierarchy-text" className="border-b border-border px-4 py-2 text-sm font-semibold">
        In words: the last {WINDOW_SECONDS / 60} minutes
      </h2>
      <ul className="divide-y divide-border text-sm">
        {summary.perChain.map(({ chain, label, count, newest, coincident }) => (
          <li key={chain} className="flex flex-wrap gap-x-2 px-4 py-2" data-chain={chain}>
            <span className="font-medium">{label}</span>
            <span>{plural(count, 'block')}</span>
            {coincident > 0 ? <span className="text-muted">({coincident} also {getChain(chain).level === 2 ? 'region or prime' : 'prime'} blocks)</span> : null}
            {newest ? (
              <span>
                · newest{' '}
                <Link href={urls.block(chain, newest.hash)} prefetch={false} className="underline underline-offset-2" data-testid="hierarchy-newest">
                  #{formatInteger(BigInt(newest.number))}
                </Link>
                {newest.order < getChain(chain).level ? <span className="text-muted"> (also a {LEVEL_LABELS[newest.order].toLowerCase()} block)</span> : null}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="border-t border-border px-4 py-2 text-sm text-muted">
        {plural(summary.etxsInFlight, 'ETX')} in flight, {summary.etxsDelivered} delivered in the window; {plural(summary.uncles, 'uncle')}.
      </p>
    </section>
  );
}
