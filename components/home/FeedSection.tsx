import type { ReactNode } from 'react';

/**
 * A home-page feed: a titled panel with an ordered list of rows, or a line saying it is empty.
 * Narrow screens show the newest six rows, so the chain cards are not a long scroll away. Under
 * it, the link to the whole list (`more`).
 */
export function FeedSection({
  id,
  title,
  count,
  emptyText,
  testId,
  more,
  children,
}: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  /** How many rows there are; with none, `emptyText` is shown instead of the list. */
  count: number;
  emptyText: string;
  testId: string;
  /** The whole list this feed begins (a chain's blocks or transactions), linked under it. */
  more?: { readonly href: string; readonly label: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id} className="border-b border-border px-4 py-2 text-sm font-semibold">
        {title}
      </h2>
      {count === 0 ? (
        <p className="px-4 py-6 text-sm text-muted">{emptyText}</p>
      ) : (
        <ol className="divide-y divide-border max-md:[&>li:nth-child(n+7)]:hidden" data-testid={testId}>
          {children}
        </ol>
      )}
      {more ? (
        <a href={more.href} data-soft-nav="" className="block border-t border-border px-4 py-2 text-center text-sm" data-testid={`${testId}-more`}>
          {more.label}
        </a>
      ) : null}
    </section>
  );
}
