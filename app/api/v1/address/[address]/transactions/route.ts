/**
 * GET /api/v1/address/<address>/transactions?limit=<1..100>&cursor=<opaque> — the address's
 * history from the index, newest first: `{ items, next }` (README, "History API"). Bad
 * parameters get 400 with a message; no index (off, opening, unreachable) 503 with the reason.
 */
import type { NextRequest } from 'next/server';
import { historyItemJson, type HistoryPageJson } from '@/lib/history/history-json';
import { answerHistoryPage } from '@/lib/server/history/history-page-api';
import { loadHistory } from '@/lib/server/history/load-history';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: { params: Promise<{ address: string }> }) {
  // Kept per index version by the page cache (lib/routes/table.ts): repeats until the next commit cost no read.
  return answerHistoryPage((await params).address, request.nextUrl.searchParams, loadHistory, (load): HistoryPageJson => ({
    items: load.page.items.map(historyItemJson),
    next: load.page.next,
  }));
}
