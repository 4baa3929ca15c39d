/**
 * GET /api/v1/etx/flow?period=24h|7d|30d — the 9 × 9 ETX flow from the index: `{ period, from, to,
 * zones, counts, delivered, pending }`, each matrix [origin][destination] in the order of `zones`
 * (README). 400 for a bad period, 503 without an index.
 *
 * A static segment: Next matches it before the dynamic /api/v1/etx/<hash>.
 * Its resolver: lib/server/network/resolve-stats.ts.
 */
import { resolveEtxFlowApi } from '@/lib/server/network/resolve-stats';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveEtxFlowApi);
}
