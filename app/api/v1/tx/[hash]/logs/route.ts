/**
 * GET /api/v1/tx/<hash>/logs?cursor=<position>&limit=<n> — a transaction's logs a page at a time,
 * each decoded as its page decodes it, with the tokens it moved (lib/decode/log-page.ts: the
 * LogPageJson shape; `next` is the following page). The transaction page draws the first
 * LOGS_ON_PAGE and links here for the rest. 400 for a malformed hash or cursor, 404 when no zone
 * knows the transaction or it has no receipt, 503 when a zone that might have it did not answer.
 * Its resolver: lib/server/tx/resolve-tx-api.ts.
 */
import { resolveTxLogsApi } from '@/lib/server/tx/resolve-tx-api';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveTxLogsApi);
}
