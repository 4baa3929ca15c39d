/**
 * GET /api/v1/etx/<etx hash> — the ETX's journey from the index: `{ hash, status, origin,
 * destination, seconds }` (README). 400 for a malformed hash, 404 when the index holds no origin
 * for it, 503 without an index.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { parseTxHash } from '@/lib/routes/params/block-id';
import { loadEtxJourney } from '@/lib/server/history/load-etx-journey';

export const dynamic = 'force-dynamic';

export async function GET(_request: NextRequest, { params }: { params: Promise<{ hash: string }> }) {
  const hash = parseTxHash((await params).hash);
  if (!hash.ok) return NextResponse.json({ error: hash.reason }, { status: 400 });
  const load = await loadEtxJourney(hash.value);
  if (load.kind === 'unavailable') return NextResponse.json({ error: load.reason, index: load.state }, { status: 503 });
  if (load.kind === 'not-found') {
    return NextResponse.json({ error: `the index holds no ETX ${hash.value} (not emitted by an indexed block, or not indexed yet)` }, { status: 404 });
  }
  return NextResponse.json(load.journey, { headers: { 'Cache-Control': 'no-store' } });
}
