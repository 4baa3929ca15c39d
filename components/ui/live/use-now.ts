'use client';

import { useSyncExternalStore } from 'react';

/**
 * The current time, ticking once a second, shared by every timestamp on the page: one timer for
 * the page instead of one per <Age> (the home page shows dozens).
 */
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    // Server render and hydration: the clock to the second, so repeated reads within one render
    // agree (React requires a stable snapshot); the texts using it suppress the hydration mismatch.
    () => Math.floor(Date.now() / 1000) * 1000,
  );
}
