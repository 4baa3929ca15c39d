/**
 * GET /api/v1/address/<address>/transactions?limit=<1..100>&cursor=<opaque> — the address's
 * history from the index, newest first: `{ items, next }` (README, "History API"). Bad
 * parameters get 400 with a message; no index (off, opening, unreachable) 503 with the reason.
 * Kept per index version by the page cache: repeats until the next commit cost no read.
 */
import { resolveHistoryApi } from '@/lib/server/history/resolve-history-api';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveHistoryApi);
}
