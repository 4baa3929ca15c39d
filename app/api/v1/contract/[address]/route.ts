/**
 * GET /api/v1/contract/<address> — a verified contract's source, settings and ABI as JSON (the
 * VerifiedContract shape, lib/contracts/types.ts; README). 400 for a malformed address, 404 when it is
 * not verified here, 503 without an index (verification lives in its database).
 */
import { NextResponse, type NextRequest } from 'next/server';
import { isAddress, type Address } from 'viem';
import { lookupVerifiedContract } from '@/lib/server/contracts/load-verified';

export const dynamic = 'force-dynamic';

export async function GET(_request: NextRequest, { params }: { params: Promise<{ address: string }> }) {
  const raw = (await params).address;
  if (!isAddress(raw, { strict: false })) return NextResponse.json({ error: `"${raw.slice(0, 60)}" is not an address` }, { status: 400 });
  const found = await lookupVerifiedContract(raw as Address);
  if (found.state === 'unavailable') return NextResponse.json({ error: found.reason }, { status: 503 });
  if (found.state === 'unverified') return NextResponse.json({ error: `${raw.toLowerCase()} is not verified on this explorer` }, { status: 404 });
  // The source maps and the storage layout stay inside: the pages read lines and slots with them; this answer keeps its shape.
  const { sourceMaps: _maps, storageLayout: _layout, ...c } = found.contract;
  void _maps;
  void _layout;
  return NextResponse.json(
    { ...c, creation: c.creation && { ...c.creation, blockNumber: c.creation.blockNumber.toString() } },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}
