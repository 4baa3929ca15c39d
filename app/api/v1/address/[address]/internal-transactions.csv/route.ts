/**
 * GET /api/v1/address/<address>/internal-transactions.csv[?from=YYYY-MM-DD&to=YYYY-MM-DD&…] —
 * the address's internal transfers in Etherscan's CSV columns, newest first, streamed from the
 * index (lib/server/history/csv-export.ts).
 */
import type { NextRequest } from 'next/server';
import { answerInternalTransactionsCsv } from '@/lib/server/history/csv-export';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: { params: Promise<{ address: string }> }) {
  return answerInternalTransactionsCsv((await params).address, request.nextUrl.searchParams);
}
