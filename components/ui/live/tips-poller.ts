/**
 * The tips behind useChainTip (./tips-query.ts), imported only once a tip widget is on screen:
 * one read of /api/tips (the same react-query entry the home page reads, ./tips-fetch.ts), then
 * every chain's stream moves each chain's tip as its blocks come (lib/tips/apply-stream.ts).
 * Where the stream is unavailable, /api/tips is polled every TIP_POLL_MS as before. A tab has
 * one of these however many widgets show the tip.
 */
import { QueryObserver } from '@tanstack/react-query';
import { applyBlock } from '@/lib/tips/apply-stream';
import type { TipsSnapshot } from '@/lib/tips/tips-types';
import { queryClient } from './query-client';
import { listenToStream } from './stream-source';
import { fetchTips, TIP_POLL_MS, TIPS_QUERY_KEY } from './tips-fetch';

/** Starts following the tips; `onTips` gets each snapshot. Returns the function that stops it. */
export function pollTips(onTips: (tips: TipsSnapshot) => void): () => void {
  let latest: TipsSnapshot | undefined;
  const observer = new QueryObserver(queryClient(), {
    queryKey: TIPS_QUERY_KEY,
    queryFn: fetchTips,
    // One read; polling only while the stream is unavailable.
    refetchInterval: false,
    refetchIntervalInBackground: false,
  });
  const stopObserving = observer.subscribe((result) => {
    if (!result.data || result.data === latest) return;
    latest = result.data;
    onTips(latest);
  });
  const stopListening = listenToStream('chain=all', undefined, {
    onEvent: (event) => {
      if (event.event !== 'block' || !latest) return;
      latest = applyBlock(latest, event.data);
      onTips(latest);
    },
    onStatus: (status) => observer.setOptions({ queryKey: TIPS_QUERY_KEY, queryFn: fetchTips, refetchInterval: status === 'unavailable' ? TIP_POLL_MS : false, refetchIntervalInBackground: false }),
  });
  return () => {
    stopListening();
    stopObserving();
  };
}
