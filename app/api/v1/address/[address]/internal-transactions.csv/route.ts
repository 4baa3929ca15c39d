/**
 * GET /api/v1/address/<address>/internal-transactions.csv[?from=YYYY-MM-DD&to=YYYY-MM-DD&…] —
 * the address's internal transfers in Etherscan's CSV columns, newest first, streamed from the
 * index (lib/server/history/csv-export.ts).
 */
import { resolveInternalTransactionsCsv } from '@/lib/server/history/csv-export';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveInternalTransactionsCsv);
}
