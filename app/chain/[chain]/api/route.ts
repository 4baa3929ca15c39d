/**
 * `/chain/<zone>/api` — the zone's Etherscan base (what `new EtherscanPlugin('<explorer>/chain/cyprus1')`
 * calls): the actions of `/api`, each about this zone. An unknown zone is a 400 NOTOK. A GET is its
 * route's resolver's answer (lib/server/etherscan/resolve-etherscan.ts).
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

export async function POST(request: NextRequest, { params }: { params: Promise<{ chain: string }> }) {
  const { chain } = await params;
  const { status, body, headers } = await answerEtherscan(request, processEtherscanContext(), chain);
  return NextResponse.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}
