/**
 * GET /api/v1/etx/<etx hash> — the ETX's journey from the index: `{ hash, status, origin,
 * destination, seconds }` (README). 400 for a malformed hash, 404 when the index holds no origin
 * for it, 503 without an index.
 * Its resolver: lib/server/history/resolve-etx.ts.
 */
import { resolveEtxApi } from '@/lib/server/history/resolve-etx';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveEtxApi);
}
