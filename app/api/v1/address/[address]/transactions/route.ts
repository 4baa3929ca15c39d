/**
 * GET /api/v1/address/<address>/transactions?limit=<1..100>&cursor=<opaque> — the address's
 * history from the index, newest first: `{ items, next }` (README, "History API"). Bad
 * parameters get 400 with a message; no index (off, opening, unreachable) 503 with the reason.
 */
import type { NextRequest } from 'next/server';
import { historyItemJson, type HistoryPageJson } from '@/lib/history/history-json';
import { answerHistoryPage } from '@/lib/server/history/history-page-api';
import { loadHistory } from '@/lib/server/history/load-history';
import { apiAnswerSlot, keepApiAnswer } from '@/lib/server/stored-pages/api-answers';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: { params: Promise<{ address: string }> }) {
  const search = request.nextUrl.searchParams;
  // Read before the index is asked: the answer is kept under the version it was read at.
  const slot = apiAnswerSlot(request.method, request.nextUrl.pathname, search);
  return answerHistoryPage((await params).address, search, loadHistory, (load) => {
    const body: HistoryPageJson = { items: load.page.items.map(historyItemJson), next: load.page.next };
    // Repeats until the next commit are answered from these bytes (lib/server/stored-pages/api-answers.ts).
    keepApiAnswer(slot, JSON.stringify(body));
    return body;
  });
}
