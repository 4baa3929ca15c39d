import type { ReactNode } from 'react';
import Link from 'next/link';
import type { Chain } from '@/lib/protocol/chains';
import { BadPageLink, KeysetPager } from '@/components/ui/layout/KeysetPages';
import { IndexUnavailable } from '@/components/token/IndexUnavailable';
import type { ListPageOf, ListVerdict } from '@/lib/server/lists/list-verdict';

/**
 * A browse list's page (components/lists/): its heading and what it lists, the chains to switch
 * to, its tabs and filters, then the list in a card with the links to its first and next pages,
 * or why there is no list.
 */
export function ListFrame({ title, intro, picker, controls, children }: {
  title: ReactNode;
  intro: ReactNode;
  picker?: ReactNode;
  controls?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        <p className="max-w-3xl text-sm text-muted">{intro}</p>
      </header>
      {picker}
      {controls}
      {children}
    </div>
  );
}

/** Links to the same list on each chain `chains` holds, the current one marked. */
export function ChainPicker({ chains, current, hrefOf, label }: { chains: readonly Chain[]; current: Chain; hrefOf: (chain: Chain) => string; label: string }) {
  return (
    <nav aria-label={label} className="text-sm">
      <ul className="flex flex-wrap gap-1.5">
        {chains.map((c) => (
          <li key={c.name}>
            <Link
              href={hrefOf(c)}
              prefetch={false}
              aria-current={c.name === current.name ? 'page' : undefined}
              className={`inline-block rounded-full border px-2.5 py-0.5 no-underline ${c.name === current.name ? 'border-accent font-medium text-fg' : 'border-border text-muted hover:text-fg'}`}
            >
              {c.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The list's card: `children` (the rows) when the verdict found a page, else why not; the pager
 * under it. `firstHref` is the list's first page, `nextHref` the next one's link (null on the last).
 */
export function ListCard<Q, P>({
  verdict,
  listOf = (page) => page as ListPageOf<unknown>,
  label,
  firstHref,
  nextHrefOf,
  paged,
  empty,
  testId,
  children,
}: {
  verdict: ListVerdict<Q, P>;
  /** The rows and next cursor of a page (the page itself, for most lists). */
  listOf?: (page: P) => ListPageOf<unknown>;
  label: string;
  firstHref: string;
  nextHrefOf: (cursor: string) => string;
  paged: boolean;
  empty: string;
  testId: string;
  children: (page: P) => ReactNode;
}) {
  if (verdict.kind === 'unavailable') return <IndexUnavailable state={verdict.state} reason={verdict.reason} testId="list-unavailable" />;
  if (verdict.kind === 'bad-parameter') {
    return verdict.query ? <BadPageLink problem={verdict.reason} newestHref={firstHref} /> : <ListProblem reason={verdict.reason} />;
  }
  if (verdict.kind === 'node-down') {
    return (
      <p className="rounded-lg border border-warn/40 bg-surface p-4 text-sm" role="status" data-testid="list-node-down">
        The node could not give this list: {verdict.reason}. Reload to ask again.
      </p>
    );
  }
  const { page } = verdict;
  const list = listOf(page);
  return (
    <section className="card" data-testid={testId} aria-label={label}>
      {list.items.length === 0 ? <p className="p-4 text-sm text-muted" data-testid="list-empty">{paged ? 'Nothing further.' : empty}</p> : children(page)}
      <KeysetPager
        label={`${label}: pages`}
        paged={paged}
        newestHref={firstHref}
        olderHref={list.next ? nextHrefOf(list.next) : null}
        olderTestId="list-next"
        newestLabel="First page"
        olderLabel="Next page"
      />
    </section>
  );
}

/** A parameter the list cannot read: what is wrong with it. */
export function ListProblem({ reason }: { reason: string }) {
  return (
    <p className="rounded-lg border border-bad/40 bg-surface p-4 text-sm" role="alert" data-testid="list-problem">
      This list cannot be shown as asked: {reason}.
    </p>
  );
}
