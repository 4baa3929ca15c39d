/**
 * The tips poll behind useChainTip (./tips-query.ts), imported only once a tip widget is on
 * screen: a react-query observer of the same query the home page reads (./tips-fetch.ts, on the
 * tab's client), so a tab has one poll of /api/tips however many widgets show the tip.
 */
import { QueryObserver } from '@tanstack/react-query';
import type { TipsSnapshot } from '@/lib/tips/tips-types';
import { queryClient } from './query-client';
import { fetchTips, TIP_POLL_MS, TIPS_QUERY_KEY } from './tips-fetch';

/** Starts polling; `onTips` gets each snapshot. Returns the function that stops it. */
export function pollTips(onTips: (tips: TipsSnapshot) => void): () => void {
  const observer = new QueryObserver(queryClient(), {
    queryKey: TIPS_QUERY_KEY,
    queryFn: fetchTips,
    refetchInterval: TIP_POLL_MS,
    refetchIntervalInBackground: false,
  });
  return observer.subscribe((result) => {
    if (result.data) onTips(result.data);
  });
}
