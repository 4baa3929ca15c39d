'use client';

import { lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

const subscribeNever = () => () => undefined;

/** False on the server and while hydrating, true in the browser after that (no effect, no extra render pass). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * A component whose code is fetched when it is first drawn in the browser, never on the server
 * (`fallback` there and during hydration), like next/dynamic with `ssr: false` but on React's own
 * `lazy`: next/dynamic brought about 1.5 KB of gzipped loader code of its own to every page that
 * used it.
 */
export function clientLazy<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function ClientLazy(props: P) {
    const hydrated = useHydrated();
    if (!hydrated) return fallback;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return ClientLazy;
}
