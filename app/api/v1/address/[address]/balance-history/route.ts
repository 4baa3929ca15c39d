/**
 * GET /api/v1/address/<address>/balance-history?limit=<1..100>&cursor=<opaque> — the address's
 * native balance changes from the index, newest first: `{ items, next }` (docs/api.md, "Balances").
 * Its resolver: lib/server/balances/balance-history.ts.
 */
import { routeAnswer } from '@/lib/server/pipeline/route-data';
import { resolveBalanceHistoryApi } from '@/lib/server/balances/balance-history';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveBalanceHistoryApi);
}
