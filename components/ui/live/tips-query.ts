'use client';

import { useSyncExternalStore } from 'react';
import type { TipsSnapshot } from '@/lib/network/tips-types';
import type { TipsFollower } from './tips-poller';

/*
 * The tips as the widgets on screen last heard them. The reader (./tips-poller.ts: one read,
 * then the stream of each chain a widget shows) is imported when the first widget subscribes,
 * not with the page: block and transaction pages then load no react-query before they are
 * interactive. It stops when the last widget goes.
 */
let latest: TipsSnapshot | undefined;
const listeners = new Set<() => void>();
/** Widgets per chain. */
const chains = new Map<string, number>();
let follower: TipsFollower | undefined;
let starting = false;
const following = new Map<string, () => void>();

function sync(): void {
  if (!follower) return;
  for (const [chain, count] of chains) if (count > 0 && !following.has(chain)) following.set(chain, follower.follow(chain));
  for (const [chain, stop] of following) {
    if ((chains.get(chain) ?? 0) > 0) continue;
    stop();
    following.delete(chain);
  }
}

function subscriberOf(chain: string): (listener: () => void) => () => void {
  return (listener) => {
    listeners.add(listener);
    chains.set(chain, (chains.get(chain) ?? 0) + 1);
    if (!follower && !starting) {
      starting = true;
      void import('./tips-poller').then(({ followTips }) => {
        starting = false;
        if (listeners.size === 0) return;
        follower = followTips((tips) => {
          latest = tips;
          for (const notify of listeners) notify();
        });
        sync();
      });
    }
    sync();
    return () => {
      listeners.delete(listener);
      chains.set(chain, (chains.get(chain) ?? 1) - 1);
      sync();
      if (listeners.size === 0 && follower) {
        follower.stop();
        follower = undefined;
        following.clear();
      }
    };
  };
}

/** One subscribe function per chain: useSyncExternalStore resubscribes when it changes. */
const subscribers = new Map<string, (listener: () => void) => () => void>();

/**
 * A chain's current height, read in the browser (undefined until known). Pages that are stored
 * and served again later (lib/server/page-cache/) draw everything relative to the tip with
 * this, so what the server rendered stays true however old the copy is.
 */
export function useChainTip(chain: string): bigint | undefined {
  let subscribe = subscribers.get(chain);
  if (!subscribe) subscribers.set(chain, (subscribe = subscriberOf(chain)));
  const tips = useSyncExternalStore(
    subscribe,
    () => latest,
    () => undefined,
  );
  const height = tips?.chains.find((c) => c.chain === chain)?.height;
  return height === null || height === undefined ? undefined : BigInt(height);
}
