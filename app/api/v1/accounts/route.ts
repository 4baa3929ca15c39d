/**
 * GET /api/v1/accounts?chain=<zone>&limit=<1..100>&cursor=<opaque> — the zone's accounts from the
 * index, richest first, as of the block the answer states (docs/api.md, "Balances").
 * Its resolver: lib/server/accounts/top-accounts.ts.
 */
import { routeAnswer } from '@/lib/server/pipeline/route-data';
import { resolveAccountsApi } from '@/lib/server/accounts/top-accounts';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveAccountsApi);
}
