/**
 * `GET /sourcify/check-by-addresses?addresses=&chainIds=` — Sourcify's older check (one status per address), from the verification store.
 * Its resolver: lib/server/contracts/resolve-sourcify.ts.
 */
import { routeAnswer } from '@/lib/server/pipeline/route-data';
import { resolveSourcifyCheck } from '@/lib/server/contracts/resolve-sourcify';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveSourcifyCheck);
}
