/**
 * GET /api/v1/address/<address>/token-transfers?limit=<1..100>&cursor=<opaque> — the ERC-20,
 * ERC-721 and ERC-1155 transfers the address sent or received, from the index, newest first, in
 * the history envelope `{ items, next }` (README). 400 for bad parameters, 503 without an index.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { parseCursorParam, parseHistoryAddress, parseLimit } from '@/lib/params/history-params';
import { loadTokenTransfers } from '@/lib/server/history/load-token-transfers';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: { params: Promise<{ address: string }> }) {
  const search = request.nextUrl.searchParams;
  const address = parseHistoryAddress((await params).address);
  const limit = parseLimit(search.get('limit'));
  const cursor = parseCursorParam(search.get('cursor'));
  if (!address.ok) return NextResponse.json({ error: address.error }, { status: 400 });
  if (!limit.ok) return NextResponse.json({ error: limit.error }, { status: 400 });
  if (!cursor.ok) return NextResponse.json({ error: cursor.error }, { status: 400 });
  const load = await loadTokenTransfers(address.value, { limit: limit.value, cursor: cursor.value });
  if (load.kind === 'bad-cursor') return NextResponse.json({ error: load.message }, { status: 400 });
  if (load.kind === 'unavailable') return NextResponse.json({ error: load.reason, index: load.state }, { status: 503 });
  return NextResponse.json(load.page, { headers: { 'Cache-Control': 'no-store' } });
}
