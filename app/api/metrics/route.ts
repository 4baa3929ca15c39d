/**
 * GET /api/metrics — Prometheus text format (lib/ops/metrics.ts): request latency by route,
 * node latency and errors by chain and method, cache hits and misses, coalesced waiters, and the
 * Node process's own (event-loop lag, heap, GC, handles, CPU).
 * Meant for the operator's scraper; put it behind the same network rules as the node.
 */
import { metrics } from '@/lib/ops/metrics';

export const dynamic = 'force-dynamic';

export async function GET() {
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    headers: { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' },
  });
}
