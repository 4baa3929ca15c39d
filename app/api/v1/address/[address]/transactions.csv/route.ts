/**
 * GET /api/v1/address/<address>/transactions.csv[?from=YYYY-MM-DD&to=YYYY-MM-DD&…] — the history
 * as CSV, newest first, streamed from the index; the advanced filter's parameters narrow it
 * (lib/server/history/csv-export.ts).
 */
import { resolveTransactionsCsv } from '@/lib/server/history/csv-export';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveTransactionsCsv);
}
