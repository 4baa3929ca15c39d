/**
 * The transaction pages' `?tab=`: the Overview (everything read without tracing), the Trace (the
 * call tree) and the State changes (the prestate diff). The last two exist only where the node
 * traces; an unknown value is the Overview, as `activeTab` draws it. Pure and browser-safe.
 */

export const TX_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'trace', label: 'Trace' },
  { id: 'state', label: 'State changes' },
] as const;

export type TxTab = (typeof TX_TABS)[number]['id'];

/** The tabs that read the node's tracer: asked only when one of them is open. */
export const TRACE_TABS: readonly TxTab[] = ['trace', 'state'];

export function parseTxTab(requested: string | string[] | undefined): TxTab {
  const value = Array.isArray(requested) ? requested[0] : requested;
  return TX_TABS.find((t) => t.id === value)?.id ?? 'overview';
}
