'use client';

import { useEffect } from 'react';
import { useWatchlist } from './use-watchlist';

/**
 * On every page: while the reader watches addresses, follows them (./watch-stream.ts, loaded
 * only then) so the watchlist keeps their latest activity and a notification says when one
 * moves. Draws nothing.
 */
export function WatchNotifier() {
  const addresses = useWatchlist()
    .map((e) => e.address)
    .join(',');
  useEffect(() => {
    if (!addresses) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./watch-stream').then(({ followWatchlist }) => {
      if (!cancelled) stop = followWatchlist(addresses.split(','));
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [addresses]);
  return null;
}
