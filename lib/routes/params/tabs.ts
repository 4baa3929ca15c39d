/**
 * The tabs of the block and address pages, by their `?tab=` ids: what the pages draw
 * (components/block/BlockView.tsx, components/address/AddressView.tsx) and what the route table
 * keys their kept copies by (lib/routes/table.ts). An unknown id is drawn as the first tab, so the
 * page cache redirects it to the page without it rather than keep a copy per spelling.
 * Pure and browser-safe, with no imports: the route table reads it.
 */

export const BLOCK_TABS = [
  { id: 'transactions', label: 'Transactions' },
  { id: 'etxs', label: 'External transactions' },
  { id: 'uncles', label: 'Uncles' },
  { id: 'submanifest', label: 'Sub-manifest' },
  { id: 'raw', label: 'Raw' },
] as const;

export const ADDRESS_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'history', label: 'History' },
  { id: 'tokens', label: 'Token transfers' },
  { id: 'approvals', label: 'Approvals' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'contract', label: 'Contract' },
  { id: 'write', label: 'Write contract' },
] as const;
