'use client';

import { useSyncExternalStore } from 'react';

/**
 * The current time, ticking once a second, shared by every timestamp on the page: one timer for
 * the page instead of one per <Age> (the home page shows dozens).
 */
let now = 0;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

/** The clock to the second: repeated reads within one render agree (React requires a stable snapshot). */
function currentSecond(): number {
  return Math.floor(Date.now() / 1000) * 1000;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    // The second the components just rendered with (snapshot() below), not the millisecond: React
    // compares the two once subscribed, and a difference re-renders every timestamp on the page
    // at once, as a blocking update, right after hydration.
    now = currentSecond();
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

/** While the timer runs, its last tick; before (the server's render, hydration, a first mount), the current second. */
function snapshot(): number {
  return timer ? now : currentSecond();
}

export function useNow(): number {
  // The same snapshot for the server's render and hydration as after: the texts using it
  // suppress the hydration mismatch with the server's clock.
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
