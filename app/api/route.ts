/**
 * `/api` — Etherscan's API: every action of lib/etherscan/registry.ts (docs/api.md lists them),
 * GET and POST (form), in Etherscan's envelope. `&chain=<zone>` names the zone of an action about
 * blocks (app/chain/[chain]/api/route.ts is the same per zone). A POST, and a GET of an action of
 * the node-work class, is rate-limited like `call` (lib/http/rate-limit.ts). The page cache keeps
 * a GET's answer by its action's cache policy (lib/server/page-cache/plan.ts).
 */
import { NextResponse, type NextRequest } from 'next/server';
import { answerEtherscan } from '@/lib/etherscan/dispatch';
import { processEtherscanContext } from '@/lib/server/etherscan/context';

export const dynamic = 'force-dynamic';

async function answer(request: NextRequest) {
  const { status, body, headers } = await answerEtherscan(request, processEtherscanContext());
  return NextResponse.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

export const GET = answer;
export const POST = answer;
