/**
 * GET /api/v1/txs/pending?chain=<zone>&limit=&cursor=: the zone's txpool as a list, read live
 * (lib/server/network/pending-list.ts decides).
 * Its resolver: resolvePendingApi (lib/server/network/pending-list.ts).
 */
import { routeAnswer } from '@/lib/server/pipeline/route-data';
import { resolvePendingApi } from '@/lib/server/network/pending-list';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolvePendingApi);
}
