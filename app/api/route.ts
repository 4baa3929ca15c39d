/**
 * `/api` — Etherscan's API: every action of lib/etherscan/registry.ts (docs/api.md lists them),
 * GET and POST (form), in Etherscan's envelope. `&chain=<zone>` names the zone of an action about
 * blocks (app/chain/[chain]/api/route.ts is the same per zone). A POST, and a GET of an action of
 * the node-work class, is rate-limited like `call` (lib/http/rate-limit.ts).
 */
import { NextResponse, type NextRequest } from 'next/server';
import { answerEtherscan } from '@/lib/etherscan/dispatch';
import { processEtherscanContext } from '@/lib/server/etherscan/context';
import { apiAnswerSlot, keepApiAnswer } from '@/lib/server/stored-pages/api-answers';

export const dynamic = 'force-dynamic';

async function answer(request: NextRequest) {
  // Read before the index is asked: the answer is kept under the version it was read at.
  const slot = apiAnswerSlot(request.method, request.nextUrl.pathname, request.nextUrl.searchParams);
  const { status, body, headers } = await answerEtherscan(request, processEtherscanContext());
  // Repeats until the next commit are answered from these bytes (lib/server/stored-pages/api-answers.ts).
  if (status === 200) keepApiAnswer(slot, JSON.stringify(body));
  return NextResponse.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

export const GET = answer;
export const POST = answer;
