/**
 * GET /api?module=account&action=txlist|tokentx|txlistinternal&address=…&page=&offset=&sort=&startblock=&endblock= (tokentx:
 * &contractaddress=; txlistinternal: &txhash= instead of the address) —
 * Etherscan's account API over the index, in its `{ status, message, result }` envelope (README,
 * "Etherscan-compatible API", for its limits). Bad parameters: 400 with a NOTOK envelope.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { notOk, parseTxlist } from '@/lib/history/etherscan';
import { loadTxlist } from '@/lib/server/history/load-txlist';
import { isTxlistInternal, parseTxlistInternal } from '@/lib/history/etherscan-internal';
import { loadTxlistInternal } from '@/lib/server/history/load-txlist-internal';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  if (isTxlistInternal(request.nextUrl.searchParams)) {
    const internal = parseTxlistInternal(request.nextUrl.searchParams);
    if (typeof internal === 'string') return NextResponse.json(notOk(internal), { status: 400 });
    const { status, body } = await loadTxlistInternal(internal);
    return NextResponse.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
  }
  const query = parseTxlist(request.nextUrl.searchParams);
  if (typeof query === 'string') return NextResponse.json(notOk(query), { status: 400 });
  const { status, body } = await loadTxlist(query);
  return NextResponse.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}
