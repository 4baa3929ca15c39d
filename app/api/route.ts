/**
 * `/api` — Etherscan's API, in its `{ status, message, result }` envelope (README,
 * "Etherscan-compatible API" and "Verify your contract"):
 * - GET `module=account&action=txlist|tokentx|txlistinternal&address=…` over the index
 *   (txlistinternal also by `&txhash=`; bad parameters: 400 NOTOK);
 * - GET and POST (form) `module=contract`: verifysourcecode (POST), checkverifystatus,
 *   getsourcecode, getabi, getcontractcreation (lib/server/verify/contract-api.ts). A POST is
 *   rate-limited like `call` (route table, node-work class for POST).
 */
import { NextResponse, type NextRequest } from 'next/server';
import { notOk, parseTxlist } from '@/lib/history/etherscan';
import { loadTxlist } from '@/lib/server/history/load-txlist';
import { apiAnswerSlot, keepApiAnswer } from '@/lib/server/stored-pages/api-answers';
import { contractApi } from '@/lib/server/verify/contract-api';
import { networkChainId } from '@/lib/server/verify/network-chain-id';
import { isTxlistInternal, parseTxlistInternal } from '@/lib/history/etherscan-internal';
import { loadTxlistInternal } from '@/lib/server/history/load-txlist-internal';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'no-store' };

async function contract(request: NextRequest): Promise<NextResponse> {
  const { status, body, headers } = await contractApi(request, { chainId: networkChainId });
  return NextResponse.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

export async function GET(request: NextRequest) {
  if (request.nextUrl.searchParams.get('module') === 'contract') return contract(request);
  if (isTxlistInternal(request.nextUrl.searchParams)) {
    const internal = parseTxlistInternal(request.nextUrl.searchParams);
    if (typeof internal === 'string') return NextResponse.json(notOk(internal), { status: 400 });
    const { status, body } = await loadTxlistInternal(internal);
    return NextResponse.json(body, { status, headers: NO_STORE });
  }
  // Read before the index is asked: the answer is kept under the version it was read at.
  const slot = apiAnswerSlot(request.method, request.nextUrl.pathname, request.nextUrl.searchParams);
  const query = parseTxlist(request.nextUrl.searchParams);
  if (typeof query === 'string') return NextResponse.json(notOk(query), { status: 400 });
  const { status, body } = await loadTxlist(query);
  // Repeats until the next commit are answered from these bytes (lib/server/stored-pages/api-answers.ts).
  if (status === 200) keepApiAnswer(slot, JSON.stringify(body));
  return NextResponse.json(body, { status, headers: NO_STORE });
}

/** Etherscan's clients POST verifysourcecode with `module` in the form body or the query. */
export async function POST(request: NextRequest) {
  return contract(request);
}
