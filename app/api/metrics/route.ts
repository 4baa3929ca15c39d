/**
 * GET /api/metrics — Prometheus text format (lib/ops/metrics.ts): request latency by route,
 * node latency and errors by chain and method, cache hits and misses, coalesced waiters.
 * Meant for the operator's scraper; put it behind the same network rules as the node.
 */
import { renderMetrics } from '@/lib/ops/metrics';

export const dynamic = 'force-dynamic';

export function GET() {
  return new Response(renderMetrics(), {
    headers: { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
