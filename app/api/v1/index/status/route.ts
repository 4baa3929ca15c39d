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
 * Its resolver: lib/server/history/resolve-history-api.ts.
 */
import { resolveIndexStatusApi } from '@/lib/server/history/resolve-history-api';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveIndexStatusApi);
}
