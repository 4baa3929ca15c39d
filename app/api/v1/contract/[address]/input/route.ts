/**
 * GET /api/v1/contract/<address>/input — what "Recompile in this browser" compiles: the verified
 * contract's standard JSON input exactly as stored, with the outputs the comparison reads, its
 * compiler and contract name, and where this explorer serves that compiler build
 * (`/api/v1/solc/soljson-<version>.js`). 400 for a malformed address, 404 when it is not verified
 * here, 503 without an index.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { isAddress, type Address } from 'viem';
import { recompileInput } from '@/lib/server/contracts/recompile-input';

export const dynamic = 'force-dynamic';

export async function GET(_request: NextRequest, { params }: { params: Promise<{ address: string }> }) {
  const raw = (await params).address;
  if (!isAddress(raw, { strict: false })) return NextResponse.json({ error: `"${raw.slice(0, 60)}" is not an address` }, { status: 400 });
  const found = await recompileInput(raw.toLowerCase() as Address);
  if (found.kind === 'unavailable') return NextResponse.json({ error: found.reason }, { status: 503 });
  if (found.kind === 'unverified') return NextResponse.json({ error: `${raw.toLowerCase()} is not verified on this explorer` }, { status: 404 });
  return NextResponse.json(found.input, { headers: { 'Cache-Control': 'no-store' } });
}
