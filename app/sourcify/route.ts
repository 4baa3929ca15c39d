/**
 * `POST /sourcify` — Sourcify's stateless verification, as hardhat-verify's Sourcify client sends
 * it (`{ address, chain, files }`, metadata.json among the files): the same verification store as
 * Etherscan's `/api`, answered when the job has its verdict (lib/server/contracts/sourcify-api.ts).
 * Rate-limited like every verification (the route table's node-work class for POST).
 */
import { NextResponse } from 'next/server';
import { readJsonBody } from '@/lib/http/read-body';
import { CLIENT_HEADER } from '@/lib/http/rate-limit';
import { sourcifyVerify } from '@/lib/server/contracts/sourcify-api';
import { networkChainId } from '@/lib/server/contracts/network-chain-id';

export const dynamic = 'force-dynamic';

/** The files of a standard JSON input the compiler takes (3.5 MB) and its metadata, as JSON strings. */
const BODY_LIMIT = 8 * 1024 * 1024;

export async function POST(request: Request) {
  const read = await readJsonBody(request, BODY_LIMIT);
  if (!read.ok) return NextResponse.json({ error: read.error }, { status: read.status });
  const answer = await sourcifyVerify(read.value, request.headers.get(CLIENT_HEADER) ?? 'unknown', { chainId: networkChainId });
  return NextResponse.json(answer.body, { status: answer.status, headers: { 'Cache-Control': 'no-store', ...answer.headers } });
}

export function GET() {
  return NextResponse.json(
    { error: 'POST a verification here ({ address, chain, files }); GET /sourcify/check-all-by-addresses?addresses=…&chainIds=… says what is verified' },
    { status: 405, headers: { Allow: 'POST' } },
  );
}
