/**
 * `GET /sourcify/check-all-by-addresses?addresses=&chainIds=` — Sourcify's check, from the verification store.
 * Its resolver: lib/server/contracts/resolve-sourcify.ts.
 */
import { routeAnswer } from '@/lib/server/pipeline/route-data';
import { resolveSourcifyCheckAll } from '@/lib/server/contracts/resolve-sourcify';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveSourcifyCheckAll);
}
