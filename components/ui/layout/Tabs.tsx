import Link from 'next/link';

export interface TabItem {
  id: string;
  label: string;
  /** A count shown beside the label, when known. */
  count?: number | bigint;
}

/**
 * Tabs as links that set `?tab=<id>` (the page renders only the active panel), so they work
 * without JavaScript and every tab has its own URL. `baseHref` is the page's path; `params`
 * are other search params to keep.
 */
export function Tabs({
  items,
  active,
  baseHref,
  params,
}: {
  items: readonly TabItem[];
  active: string;
  baseHref: string;
  params?: Record<string, string>;
}) {
  return (
    <nav aria-label="Sections" className="overflow-x-auto border-b border-border">
      <ul className="flex gap-1">
        {items.map((item) => {
          const search = new URLSearchParams(params);
          search.set('tab', item.id);
          const selected = item.id === active;
          return (
            <li key={item.id}>
              <Link
                href={`${baseHref}?${search.toString()}`}
                aria-current={selected ? 'page' : undefined}
                scroll={false}
                className={`-mb-px inline-block whitespace-nowrap border-b-2 px-3 py-2 text-sm hover:no-underline ${
                  selected ? 'border-accent font-medium text-fg' : 'border-transparent text-muted hover:text-fg'
                }`}
              >
                {item.label}
                {item.count !== undefined ? <span className="ml-1.5 text-xs text-muted">{item.count.toString()}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The active tab id from a `?tab=` value, falling back to the first tab for unknown values. */
export function activeTab(items: readonly TabItem[], requested: string | string[] | undefined): string {
  const value = Array.isArray(requested) ? requested[0] : requested;
  return items.find((i) => i.id === value)?.id ?? items[0]?.id ?? '';
}
