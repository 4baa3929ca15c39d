/**
 * GET /api/v1/contracts?q=&limit=&cursor=: the verified contracts, newest verification first
 * (lib/server/contracts/contract-list.ts decides).
 * Its resolver: resolveContractsApi (lib/server/contracts/contract-list.ts).
 */
import { routeAnswer } from '@/lib/server/pipeline/route-data';
import { resolveContractsApi } from '@/lib/server/contracts/contract-list';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveContractsApi);
}
