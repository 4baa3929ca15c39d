/**
 * GET /api/tips — the live data of the home page: per configured chain its tip, head age,
 * average block time, txpool counts (where served) and sync state; the newest blocks across
 * zones and their transactions. Bigints are decimal strings (lib/network/tips-types.ts).
 *
 * Coalesced: every poll within two seconds shares one node read (with REDIS_URL, fleet-wide), so node load does not grow with
 * the number of viewers. 503 when no chain's node answers.
 * Its resolver: lib/server/tips/resolve-home.ts.
 */
import { resolveTipsApi } from '@/lib/server/tips/resolve-home';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveTipsApi);
}
