/**
 * The /api/tips query every tip reader shares: its react-query key, its fetcher and how often a
 * page that is not the home page polls it. Apart from tips-query.ts (the widgets' store) and
 * tips-poller.ts (the lazily loaded poll) so that neither imports the other back.
 */
import type { TipsSnapshot } from '@/lib/network/tips-types';
import { urls } from '@/lib/routes/urls';

/** One react-query entry for /api/tips, shared by the home page and every "relative to the tip" widget. */
export const TIPS_QUERY_KEY = ['strata', 'tips'] as const;

export async function fetchTips(): Promise<TipsSnapshot> {
  const response = await fetch(urls.api.tips(), { cache: 'no-store' });
  if (!response.ok) throw new Error(`The explorer answered ${response.status} for the tips`);
  return (await response.json()) as TipsSnapshot;
}

/** How often a page that is not the home page asks for the tips. */
export const TIP_POLL_MS = 10_000;
