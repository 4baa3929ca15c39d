/**
 * The route of the request this code runs for, carried through awaits beside the request's
 * context (lib/ops/request-context.ts): server.ts's first stage
 * (lib/server/request-path/request-start.ts) matches the path once and runs the rest of the path,
 * Next included, inside it; the page cache, proxy.ts and the page read it here. One store for every
 * bundle of the process (lib/ops/process-wide.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { processWide } from '@/lib/ops/process-wide';
import type { RequestRoute } from './resolver';

export function routeStorage(): AsyncLocalStorage<RequestRoute> {
  return processWide('request-route', () => new AsyncLocalStorage<RequestRoute>());
}

/** The route of the request this code runs for, as server.ts's first stage matched it. */
export function currentRoute(): RequestRoute | undefined {
  return routeStorage().getStore();
}
