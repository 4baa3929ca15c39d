/**
 * GET /api/v1/address/<address>/token-transfers.csv[?from=YYYY-MM-DD&to=YYYY-MM-DD&…] — the
 * address's token transfers in Etherscan's CSV columns, newest first, streamed from the index
 * (lib/server/history/csv-export.ts).
 */
import { resolveTokenTransfersCsv } from '@/lib/server/history/csv-export';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveTokenTransfersCsv);
}
