import Link from 'next/link';
import type { ReactNode } from 'react';
import { TabKeys } from './TabKeys';

export interface TabItem {
  id: string;
  label: string;
  /** A count shown beside the label, when known. */
  count?: number | bigint;
}

/** The id of the panel every tab controls (a page draws one panel: the active tab's). */
const PANEL_ID = 'tabpanel';
const tabId = (id: string) => `tab-${id}`;

/**
 * Tabs as links that set `?tab=<id>` (the page renders only the active panel), so they work
 * without JavaScript and every tab has its own URL. `baseHref` is the page's path; `params`
 * are other search params to keep. A tablist to assistive technology: the arrow keys move
 * between tabs and Enter opens one (TabKeys); the page wraps the active panel in `TabPanel`.
 *
 * Not prefetched: a tab is a server render with node reads of its own (a transaction's Trace and
 * State tabs run the node's tracer), which a prefetch would ask for on every view of the page,
 * and a phone would download and parse them while the page it opened comes to life.
 */
export function Tabs({
  items,
  active,
  baseHref,
  params,
  defaultId,
}: {
  items: readonly TabItem[];
  active: string;
  baseHref: string;
  params?: Record<string, string>;
  /** The tab whose URL is the page's own, without `?tab=` (its canonical form). */
  defaultId?: string;
}) {
  return (
    <div className="overflow-x-auto border-b border-border">
      <TabKeys label="Sections" className="flex gap-1">
        {items.map((item) => {
          const search = new URLSearchParams(params);
          if (item.id !== defaultId) search.set('tab', item.id);
          const selected = item.id === active;
          const query = search.toString();
          return (
            <Link
              key={item.id}
              id={tabId(item.id)}
              role="tab"
              aria-selected={selected}
              aria-controls={selected ? PANEL_ID : undefined}
              href={query ? `${baseHref}?${query}` : baseHref}
              prefetch={false}
              scroll={false}
              className={`-mb-px inline-block whitespace-nowrap border-b-2 px-3 py-2 text-sm no-underline ${
                selected ? 'border-accent font-medium text-fg' : 'border-transparent text-muted hover:text-fg'
              }`}
            >
              {item.label}
              {item.count !== undefined ? <span className="ml-1.5 text-xs text-muted">{item.count.toString()}</span> : null}
            </Link>
          );
        })}
      </TabKeys>
    </div>
  );
}

/** The active tab's panel, named by its tab. */
export function TabPanel({ active, children, className, testId }: { active: string; children: ReactNode; className?: string; testId?: string }) {
  return (
    <div role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(active)} className={className} data-testid={testId}>
      {children}
    </div>
  );
}

/** The active tab id from a `?tab=` value, falling back to the first tab for unknown values. */
export function activeTab(items: readonly TabItem[], requested: string | string[] | undefined): string {
  const value = Array.isArray(requested) ? requested[0] : requested;
  return items.find((i) => i.id === value)?.id ?? items[0]?.id ?? '';
}
