/**
 * GET /api/txpool/<zone> — the zone's txpool view (status counts, pending and queued grouped by
 * sender with nonce gaps, inspect summaries), polled by the txpool page. Polls within a second
 * share one node read. 404 for a name that is not a configured zone.
 * Its resolver: lib/server/network/resolve-txpool.ts.
 */
import { resolveTxpoolApi } from '@/lib/server/network/resolve-txpool';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveTxpoolApi);
}
