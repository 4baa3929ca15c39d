/**
 * GET /api/v1/address/<address>/token-transfers.csv[?from=YYYY-MM-DD&to=YYYY-MM-DD&…] — the
 * address's token transfers in Etherscan's CSV columns, newest first, streamed from the index
 * (lib/server/history/csv-export.ts).
 */
import type { NextRequest } from 'next/server';
import { answerTokenTransfersCsv } from '@/lib/server/history/csv-export';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: { params: Promise<{ address: string }> }) {
  return answerTokenTransfersCsv((await params).address, request.nextUrl.searchParams);
}
