'use client';

import { useSyncExternalStore } from 'react';
import type { WatchEntry } from '@/lib/live/watchlist/watch-file';
import { serverWatchlistSnapshot, subscribeWatchlist, watchlistSnapshot } from '@/lib/live/watchlist/watchlist-store';

/** The reader's watchlist (this browser's local storage), live across tabs. */
export function useWatchlist(): readonly WatchEntry[] {
  return useSyncExternalStore(subscribeWatchlist, watchlistSnapshot, serverWatchlistSnapshot);
}
