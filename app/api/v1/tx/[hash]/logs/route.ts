/**
 * GET /api/v1/tx/<hash>/logs?cursor=<position>&limit=<n> — a transaction's logs a page at a time,
 * each decoded as its page decodes it, with the tokens it moved (lib/decode/log-page.ts: the
 * LogPageJson shape; `next` is the following page). The transaction page draws the first
 * LOGS_ON_PAGE and links here for the rest. 400 for a malformed hash or cursor, 404 when no zone
 * knows the transaction or it has no receipt, 503 when a zone that might have it did not answer.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { parseTxHash } from '@/lib/routes/params/block-id';
import { parseLogPageQuery } from '@/lib/decode/log-page';
import { loadTxLogs } from '@/lib/server/tx/load-tx-logs';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'no-store' };

export async function GET(request: NextRequest, { params }: { params: Promise<{ hash: string }> }) {
  const hash = parseTxHash((await params).hash);
  if (!hash.ok) return NextResponse.json({ error: hash.reason }, { status: 400, headers: NO_STORE });
  const query = parseLogPageQuery(request.nextUrl.searchParams);
  if (typeof query === 'string') return NextResponse.json({ error: query }, { status: 400, headers: NO_STORE });
  const outcome = await loadTxLogs(hash.value, query);
  if (outcome.kind === 'not-found') return NextResponse.json({ error: outcome.reason }, { status: 404, headers: NO_STORE });
  if (outcome.kind === 'unavailable') return NextResponse.json({ error: outcome.reason }, { status: 503, headers: { ...NO_STORE, 'Retry-After': '5' } });
  return NextResponse.json(outcome.page, { headers: NO_STORE });
}
