/** `GET /sourcify/check-all-by-addresses?addresses=&chainIds=` — Sourcify's check, from the verification store. */
import { NextResponse, type NextRequest } from 'next/server';
import { sourcifyCheck } from '@/lib/server/contracts/sourcify-api';
import { networkChainId } from '@/lib/server/contracts/network-chain-id';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  const answer = await sourcifyCheck(request.nextUrl.searchParams, { chainId: networkChainId });
  return NextResponse.json(answer.body, { status: answer.status, headers: { 'Cache-Control': 'no-store' } });
}
