/**
 * GET /api/v1/address/<address>/internal-transactions?limit=<1..100>&cursor=<opaque> — the value
 * contracts moved to or from the address below a transaction's root call (internal transfers, from
 * the node's traces), from the index, newest first, in the history envelope `{ items, next }`
 * (README), with `untraced` naming the zones whose index holds blocks the node could not trace.
 * 400 for bad parameters, 503 without an index.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { internalTransferJson } from '@/lib/history/internal-transfer-json';
import { parseCursorParam, parseHistoryAddress, parseLimit } from '@/lib/params/history-params';
import { loadInternalTransfers } from '@/lib/server/history/load-internal-transfers';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: { params: Promise<{ address: string }> }) {
  const search = request.nextUrl.searchParams;
  const address = parseHistoryAddress((await params).address);
  const limit = parseLimit(search.get('limit'));
  const cursor = parseCursorParam(search.get('cursor'));
  if (!address.ok) return NextResponse.json({ error: address.error }, { status: 400 });
  if (!limit.ok) return NextResponse.json({ error: limit.error }, { status: 400 });
  if (!cursor.ok) return NextResponse.json({ error: cursor.error }, { status: 400 });
  const load = await loadInternalTransfers(address.value, { limit: limit.value, cursor: cursor.value });
  if (load.kind === 'bad-cursor') return NextResponse.json({ error: load.message }, { status: 400 });
  if (load.kind === 'unavailable') return NextResponse.json({ error: load.reason, index: load.state }, { status: 503 });
  const untraced = load.untraced.map((u) => ({ chain: u.chain, blocks: u.blocks, reason: u.reason }));
  return NextResponse.json({ items: load.page.items.map(internalTransferJson), next: load.page.next, untraced }, { headers: { 'Cache-Control': 'no-store' } });
}
