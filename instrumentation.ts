/**
 * Next's server-start hook: request ids, request latency metrics and JSON request logs for every
 * request the Node server answers (lib/ops/request-observer.ts). Node runtime only.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { installRequestObserver } = await import('@/lib/ops/request-observer');
  installRequestObserver();
}
