/**
 * GET /api/metrics — Prometheus text format (lib/ops/metrics.ts): request latency by route,
 * node latency and errors by chain and method, cache hits and misses, coalesced waiters, and the
 * Node process's own (event-loop lag, heap, GC, handles, CPU).
 * Meant for the operator's scraper: with STRATA_METRICS_PORT it is served on that port instead
 * (404 here), with STRATA_METRICS_TOKEN only to `Authorization: Bearer <token>` (lib/ops/metrics-access.ts).
 */
import type { NextRequest } from 'next/server';
import { metrics } from '@/lib/ops/metrics';
import { metricsVerdict } from '@/lib/ops/metrics-access';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  const verdict = metricsVerdict(request.headers.get('authorization'), false);
  if (verdict === 'elsewhere') return Response.json({ error: 'The metrics are served on the port STRATA_METRICS_PORT names, not here.' }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  if (verdict === 'unauthorized') {
    return Response.json({ error: 'The metrics ask for Authorization: Bearer <STRATA_METRICS_TOKEN>.' }, { status: 401, headers: { 'Cache-Control': 'no-store', 'WWW-Authenticate': 'Bearer realm="metrics"' } });
  }
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    headers: { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' },
  });
}
