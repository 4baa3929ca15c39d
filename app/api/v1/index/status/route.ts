/**
 * GET /api/v1/index/status — `state` ("ready", or "failing" while this process's writer cannot
 * write: then `error`, `since` and `failures` say why and since when) and per zone chain `{ chain,
 * indexedHeight, tip, lag, blocksPerSecond, updatedAt, rereads, error, failingSince }` (heights as
 * decimal strings; `indexedHeight` is the committed cursor; `rereads` lists `{ derivation, next,
 * through }` while stored blocks are read again for a derivation a migration added; `untraced`
 * `{ blocks, first, last, reason }` when blocks were stored without internal transfers because the
 * node did not trace them, else null), or 503 with
 * why there is no index.
 */
import { NextResponse } from 'next/server';
import { loadIndexStatus } from '@/lib/server/history/load-index-status';

export const dynamic = 'force-dynamic';

export async function GET() {
  const status = await loadIndexStatus();
  if (status.state !== 'ready' && status.state !== 'failing') {
    return NextResponse.json({ state: status.state, error: status.reason }, { status: 503 });
  }
  const str = (v: bigint | null) => (v === null ? null : v.toString());
  return NextResponse.json(
    {
      state: status.state,
      ...(status.failure ?? {}),
      writer: status.writer,
      chains: status.chains.map((c) => ({
        chain: c.chain, indexedHeight: str(c.indexedHeight), tip: str(c.tip), lag: str(c.lag),
        blocksPerSecond: c.blocksPerSecond === null ? null : Math.round(c.blocksPerSecond * 10) / 10, updatedAt: c.updatedAt,
        rereads: c.rereads.map((r) => ({ derivation: r.derivation, next: r.next.toString(), through: r.through.toString() })),
        untraced: c.untraced && { blocks: c.untraced.blocks, first: c.untraced.first.toString(), last: c.untraced.last.toString(), reason: c.untraced.reason },
        error: c.error, failingSince: c.failingSince,
      })),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}
