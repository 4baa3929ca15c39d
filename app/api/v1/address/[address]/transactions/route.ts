/**
 * GET /api/v1/address/<address>/transactions?limit=<1..100>&cursor=<opaque> — the address's
 * history from the index, newest first: `{ items, next }` (README, "History API"). Bad
 * parameters get 400 with a message; no index (off, opening, unreachable) 503 with the reason.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { historyItemJson, type HistoryPageJson } from '@/lib/history/history-json';
import { parseCursorParam, parseHistoryAddress, parseLimit } from '@/lib/params/history-params';
import { loadHistory } from '@/lib/server/history/load-history';
import { apiAnswerSlot, keepApiAnswer } from '@/lib/server/stored-pages/api-answers';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: { params: Promise<{ address: string }> }) {
  const search = request.nextUrl.searchParams;
  // Read before the index is asked: the answer is kept under the version it was read at.
  const slot = apiAnswerSlot(request.method, request.nextUrl.pathname, search);
  const address = parseHistoryAddress((await params).address);
  const limit = parseLimit(search.get('limit'));
  const cursor = parseCursorParam(search.get('cursor'));
  for (const parsed of [address, limit, cursor]) {
    if (!parsed.ok) return NextResponse.json({ error: parsed.error }, { status: 400 });
  }
  if (!address.ok || !limit.ok || !cursor.ok) return NextResponse.json({ error: 'bad parameters' }, { status: 400 });
  const load = await loadHistory(address.value, { limit: limit.value, cursor: cursor.value });
  if (load.kind === 'bad-cursor') return NextResponse.json({ error: load.message }, { status: 400 });
  if (load.kind === 'unavailable') return NextResponse.json({ error: load.reason, index: load.state }, { status: 503 });
  const body: HistoryPageJson = { items: load.page.items.map(historyItemJson), next: load.page.next };
  // Repeats until the next commit are answered from these bytes (lib/server/stored-pages/api-answers.ts).
  keepApiAnswer(slot, JSON.stringify(body));
  return NextResponse.json(body, { headers: { 'Cache-Control': 'no-store' } });
}
