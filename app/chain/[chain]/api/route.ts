/**
 * `/chain/<zone>/api` — the zone's Etherscan base (what `new EtherscanPlugin('<explorer>/chain/cyprus1')`
 * calls): the actions of `/api`, each about this zone. An unknown zone is a 400 NOTOK.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { answerEtherscan } from '@/lib/etherscan/dispatch';
import { processEtherscanContext } from '@/lib/server/etherscan/context';

export const dynamic = 'force-dynamic';

async function answer(request: NextRequest, { params }: { params: Promise<{ chain: string }> }) {
  const { chain } = await params;
  const { status, body, headers } = await answerEtherscan(request, processEtherscanContext(), chain);
  return NextResponse.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

export const GET = answer;
export const POST = answer;
