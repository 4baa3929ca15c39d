/**
 * GET /api/v1/address/<address>/transactions.csv[?from=YYYY-MM-DD&to=YYYY-MM-DD&…] — the history
 * as CSV, newest first, streamed from the index; the advanced filter's parameters narrow it
 * (lib/server/history/csv-export.ts).
 */
import type { NextRequest } from 'next/server';
import { answerTransactionsCsv } from '@/lib/server/history/csv-export';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: { params: Promise<{ address: string }> }) {
  return answerTransactionsCsv((await params).address, request.nextUrl.searchParams);
}
