'use client';

import { useSyncExternalStore } from 'react';
import type { TipsSnapshot } from '@/lib/tips/tips-types';

/*
 * The tips as the widgets on screen last heard them. The reader (./tips-poller.ts: one read, then the stream)
 * is imported when the first widget subscribes, not with the page: block and transaction pages
 * then load no react-query before they are interactive. It stops when the last widget goes.
 */
let latest: TipsSnapshot | undefined;
const listeners = new Set<() => void>();
let stop: (() => void) | undefined;
let starting = false;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!stop && !starting) {
    starting = true;
    void import('./tips-poller').then(({ pollTips }) => {
      starting = false;
      if (listeners.size === 0) return;
      stop = pollTips((tips) => {
        latest = tips;
        for (const notify of listeners) notify();
      });
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && stop) {
      stop();
      stop = undefined;
    }
  };
}

/**
 * A chain's current height, read in the browser (undefined until known). Pages that are stored
 * and served again later (lib/server/page-cache/) draw everything relative to the tip with
 * this, so what the server rendered stays true however old the copy is.
 */
export function useChainTip(chain: string): bigint | undefined {
  const tips = useSyncExternalStore(
    subscribe,
    () => latest,
    () => undefined,
  );
  const height = tips?.chains.find((c) => c.chain === chain)?.height;
  return height === null || height === undefined ? undefined : BigInt(height);
}
