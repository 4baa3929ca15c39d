'use client';

import { useQuery } from '@tanstack/react-query';
import type { TipsSnapshot } from '@/lib/server/tips-types';
import { urls } from '@/lib/urls';

/** One react-query entry for /api/tips, shared by the home page and every "relative to the tip" widget. */
export const TIPS_QUERY_KEY = ['strata', 'tips'] as const;

export async function fetchTips(): Promise<TipsSnapshot> {
  const response = await fetch(urls.api.tips(), { cache: 'no-store' });
  if (!response.ok) throw new Error(`The explorer answered ${response.status} for the tips`);
  return (await response.json()) as TipsSnapshot;
}

/** How often a page that is not the home page asks for the tips. */
const TIP_POLL_MS = 10_000;

/**
 * A chain's current height, read in the browser (undefined until known). Pages that are stored
 * and served again later (lib/server/page-store.ts) draw everything relative to the tip with
 * this, so what the server rendered stays true however old the copy is.
 */
export function useChainTip(chain: string): bigint | undefined {
  const query = useQuery({ queryKey: TIPS_QUERY_KEY, queryFn: fetchTips, refetchInterval: TIP_POLL_MS, refetchIntervalInBackground: false });
  const height = query.data?.chains.find((c) => c.chain === chain)?.height;
  return height === null || height === undefined ? undefined : BigInt(height);
}
