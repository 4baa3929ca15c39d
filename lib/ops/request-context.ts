/**
 * The request a piece of server work belongs to, carried through awaits by AsyncLocalStorage so
 * a log line written deep in a loader still names its request and its work is counted (the route
 * the request names is carried beside it: lib/routes/request-route.ts). One store for every bundle
 * of the process (lib/ops/process-wide.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { processWide } from '@/lib/ops/process-wide';
import type { RequestWork } from './request-work';

export interface RequestContext {
  readonly requestId: string;
  /** Its node and database time (./request-work.ts); absent for work outside the request observer. */
  readonly work?: RequestWork;
}

export function requestStorage(): AsyncLocalStorage<RequestContext> {
  return processWide('request-context', () => new AsyncLocalStorage<RequestContext>());
}

export function currentRequestId(): string | undefined {
  return requestStorage().getStore()?.requestId;
}

/** The work of the request this code runs for (./request-work.ts), or undefined outside a request. */
export function currentWork(): RequestWork | undefined {
  return requestStorage().getStore()?.work;
}

/** An id a client or a proxy in front may set; anything else is replaced by a fresh one. */
export function requestIdFrom(header: string | undefined): string {
  if (header && /^[A-Za-z0-9._:-]{8,128}$/.test(header)) return header;
  return crypto.randomUUID();
}
