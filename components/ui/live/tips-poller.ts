/**
 * The tips behind useChainTip (./tips-query.ts), imported only once a tip widget is on screen:
 * one read of /api/tips (the same react-query entry the home page reads, ./tips-fetch.ts), then
 * the stream of each chain a widget shows moves that chain's tip as its blocks come
 * (lib/live/apply-stream.ts). Where a stream is unavailable, /api/tips is polled every
 * TIP_POLL_MS as before. A tab has one of these however many widgets show the tip.
 */
import { QueryObserver } from '@tanstack/react-query';
import { applyBlock } from '@/lib/live/apply-stream';
import type { TipsSnapshot } from '@/lib/network/tips-types';
import { streamQuery } from '@/lib/live/subscription';
import type { ChainName } from '@/lib/protocol/chains';
import { queryClient } from './query-client';
import { listenToStream } from './stream-source';
import { fetchTips, TIP_POLL_MS, TIPS_QUERY_KEY } from './tips-fetch';

export interface TipsFollower {
  /** Follows one chain's stream; returns the function that stops. */
  follow(chain: string): () => void;
  stop(): void;
}

/** Starts following the tips; `onTips` gets each snapshot. */
export function followTips(onTips: (tips: TipsSnapshot) => void): TipsFollower {
  let latest: TipsSnapshot | undefined;
  const unavailable = new Set<string>();
  const observer = new QueryObserver(queryClient(), { queryKey: TIPS_QUERY_KEY, queryFn: fetchTips, refetchInterval: false });
  const poll = () =>
    observer.setOptions({ queryKey: TIPS_QUERY_KEY, queryFn: fetchTips, refetchInterval: unavailable.size > 0 ? TIP_POLL_MS : false, refetchIntervalInBackground: false });
  const stopObserving = observer.subscribe((result) => {
    if (!result.data || result.data === latest) return;
    latest = result.data;
    onTips(latest);
  });
  return {
    follow(chain) {
      const stop = listenToStream(streamQuery({ kind: 'chains', chains: chain as ChainName }), undefined, {
        onEvent: (event) => {
          if (event.event !== 'block' || !latest) return;
          latest = applyBlock(latest, event.data);
          onTips(latest);
        },
        onStatus: (status) => {
          if (status === 'unavailable') unavailable.add(chain);
          else unavailable.delete(chain);
          poll();
        },
      });
      return () => {
        stop();
        unavailable.delete(chain);
        poll();
      };
    },
    stop: stopObserving,
  };
}
