/**
 * `/api` — Etherscan's API: every action of lib/etherscan/registry.ts (docs/api.md lists them),
 * GET and POST (form), in Etherscan's envelope. `&chain=<zone>` names the zone of an action about
 * blocks (app/chain/[chain]/api/route.ts is the same per zone). A POST, and a GET of an action of
 * the node-work class, is rate-limited like `call` (lib/http/rate-limit.ts). A GET is its route's
 * resolver's answer (lib/server/etherscan/resolve-etherscan.ts), which the page cache keeps by its
 * action's cache policy.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { answerEtherscan } from '@/lib/etherscan/dispatch';
import { processEtherscanContext } from '@/lib/server/etherscan/context';
import { resolveEtherscan } from '@/lib/server/etherscan/resolve-etherscan';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveEtherscan);
}

export async function POST(request: NextRequest) {
  const { status, body, headers } = await answerEtherscan(request, processEtherscanContext());
  return NextResponse.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}
