/**
 * GET /api/v1/stats/daily?chain=<zone>&days=<1..365> — the zone's counts per UTC day from the
 * index, oldest first, today included: `{ chain, days: [{ day, blocks, transactions, etxSent,
 * etxReceived, activeAddresses }] }` (README). 400 for a bad parameter, 503 without an index.
 * Its resolver: lib/server/network/resolve-stats.ts.
 */
import { resolveDailyStatsApi } from '@/lib/server/network/resolve-stats';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveDailyStatsApi);
}
