'use client';

import { useSyncExternalStore } from 'react';
import type { TipsSnapshot } from '@/lib/tips/tips-types';
import { pollTips } from './tips-poller';

/*
 * The tips as the widgets on screen last heard them. The poll (./tips-poller.ts: fetch and a
 * timer, a few hundred bytes, so no react-query on the block and transaction pages) starts when
 * the first widget subscribes and stops when the last one goes.
 */
let latest: TipsSnapshot | undefined;
const listeners = new Set<() => void>();
let stop: (() => void) | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  stop ??= pollTips((tips) => {
    latest = tips;
    for (const notify of listeners) notify();
  });
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
 * and served again later (lib/server/stored-pages/page-store.ts) draw everything relative to the tip with
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
