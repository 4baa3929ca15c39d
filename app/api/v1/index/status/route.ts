/**
 * GET /api/v1/index/status — per zone chain `{ chain, indexedHeight, tip, lag, blocksPerSecond,
 * updatedAt, rereads }` (heights as decimal strings; `rereads` lists `{ derivation, next, through }` while
 * stored blocks are read again for a derivation a migration added), or 503 with why there is no index.
 */
import { NextResponse } from 'next/server';
import { loadIndexStatus } from '@/lib/server/history/load-index-status';

export const dynamic = 'force-dynamic';

export async function GET() {
  const status = await loadIndexStatus();
  if (status.state !== 'ready') return NextResponse.json({ state: status.state, error: status.reason }, { status: 503 });
  const str = (v: bigint | null) => (v === null ? null : v.toString());
  return NextResponse.json(
    {
      state: status.state,
      writer: status.writer,
      chains: status.chains.map((c) => ({
        chain: c.chain, indexedHeight: str(c.indexedHeight), tip: str(c.tip), lag: str(c.lag),
        blocksPerSecond: c.blocksPerSecond === null ? null : Math.round(c.blocksPerSecond * 10) / 10, updatedAt: c.updatedAt,
        rereads: c.rereads.map((r) => ({ derivation: r.derivation, next: r.next.toString(), through: r.through.toString() })),
      })),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}
