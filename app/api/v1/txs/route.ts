/**
 * GET /api/v1/txs?chain=<zone>&status=&type=&method=&limit=&cursor=: a zone's mined transactions,
 * newest first (lib/server/tx/tx-list.ts decides).
 * Its resolver: resolveTxsApi (lib/server/tx/tx-list.ts).
 */
import { routeAnswer } from '@/lib/server/pipeline/route-data';
import { resolveTxsApi } from '@/lib/server/tx/tx-list';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveTxsApi);
}
