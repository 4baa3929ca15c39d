/**
 * GET /api/v1/index/status — `state` ("ready", or "failing" while this process's writer cannot
 * write: then `error`, `since` and `failures` say why and since when) and per zone chain `{ chain,
 * indexedHeight, blockCursor, traceCursor, traceLag, traceBlocksPerSecond, tip, lag,
 * blocksPerSecond, updatedAt, rereads, untraced, untracedBlocks, error, failingSince }` (heights as decimal
 * strings; `indexedHeight` and `blockCursor` are the committed block cursor, `traceCursor` the
 * committed trace cursor, the last block whose internal transfers are written, and `traceLag` the
 * stored blocks not traced yet; `rereads` lists `{ derivation, next, through }` while stored blocks
 * are read again for a derivation a migration added; `untraced` `{ blocks, first, last, reason }`
 * while the trace pass waits because the node does not trace, else null; `untracedBlocks`
 * `{ count, newest: [{ block, hash, reason, attempts }] }`, the blocks the trace pass gave up on
 * and passed because the node could not trace them within its budget), or 503 with why there is
 * no index. `balanceCursor` is the balance pass's: the last block whose balance changes are all
 * written, `balanceLag` the stored blocks it has not completed, `balanceBlocksPerSecond` its rate.
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
        chain: c.chain, indexedHeight: str(c.indexedHeight), blockCursor: str(c.indexedHeight), traceCursor: str(c.traceCursor), traceLag: str(c.traceLag),
        traceBlocksPerSecond: c.traceBlocksPerSecond === null ? null : Math.round(c.traceBlocksPerSecond * 10) / 10,
        balanceCursor: str(c.balanceCursor), balanceLag: str(c.balanceLag),
        balanceBlocksPerSecond: c.balanceBlocksPerSecond === null ? null : Math.round(c.balanceBlocksPerSecond * 10) / 10,
        tip: str(c.tip), lag: str(c.lag),
        blocksPerSecond: c.blocksPerSecond === null ? null : Math.round(c.blocksPerSecond * 10) / 10, updatedAt: c.updatedAt,
        rereads: c.rereads.map((r) => ({ derivation: r.derivation, next: r.next.toString(), through: r.through.toString() })),
        untraced: c.untraced && { blocks: c.untraced.blocks, first: c.untraced.first.toString(), last: c.untraced.last.toString(), reason: c.untraced.reason },
        untracedBlocks: {
          count: c.untracedBlocks.count,
          newest: c.untracedBlocks.newest.map((b) => ({ block: b.number.toString(), hash: b.hash, reason: b.reason, attempts: b.attempts })),
        },
        error: c.error, failingSince: c.failingSince,
      })),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}
