/**
 * GET /api/v1/stats/chain?chain=<zone>&period=<days|hours>[&format=csv[&series=<chart>]] — a
 * zone's chain statistics from the index's rollups, oldest first (docs/api.md, "Chain statistics").
 * Its resolver: lib/server/network/chain-stats.ts.
 */
import { routeAnswer } from '@/lib/server/pipeline/route-data';
import { resolveChainStatsApi } from '@/lib/server/network/chain-stats';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveChainStatsApi);
}
