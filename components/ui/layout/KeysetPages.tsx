/**
 * The pieces every keyset-paged list of the index shares (an address's history and token
 * transfers, a token's transfers): the foot that links back to the newest page and on to the
 * next older one, and the notice for a page link whose cursor the explorer did not make.
 */
import Link from 'next/link';

/**
 * Nothing on the newest page of a list that fits on it; otherwise "Newest" (when paged) and
 * "Older" (when there is more), the next page's link marked `rel="next"` for crawlers and tools.
 */
export function KeysetPager({ label, paged, newestHref, olderHref, olderTestId, newestLabel = 'Newest', olderLabel = 'Older' }: {
  label: string;
  paged: boolean;
  newestHref: string;
  /** The next page (`rel="next"`), null on the last. */
  olderHref: string | null;
  olderTestId: string;
  /** The links' words, for a list not ordered by time ("First", "Next"). */
  newestLabel?: string;
  olderLabel?: string;
}) {
  if (!paged && !olderHref) return null;
  return (
    <nav className="flex justify-between gap-2 border-t border-border px-4 py-2 text-sm" aria-label={label}>
      {paged ? <Link href={newestHref} rel="first" prefetch={false}>{newestLabel}</Link> : <span />}
      {olderHref ? (
        <Link href={olderHref} rel="next" prefetch={false} data-testid={olderTestId}>
          {olderLabel}
        </Link>
      ) : null}
    </nav>
  );
}

/** A cursor the explorer did not make (edited, or from another list): why, and the way to the newest page. */
export function BadPageLink({ problem, newestHref }: { problem: string; newestHref: string }) {
  return (
    <p className="rounded-lg border border-bad/40 bg-surface p-4 text-sm" role="alert">
      This page link is not one the explorer made ({problem}). <Link href={newestHref}>Start from the newest.</Link>
    </p>
  );
}
