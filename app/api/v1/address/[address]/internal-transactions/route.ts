/**
 * GET /api/v1/address/<address>/internal-transactions?limit=<1..100>&cursor=<opaque> — the value
 * contracts moved to or from the address below a transaction's root call (internal transfers, from
 * the node's traces), from the index, newest first, in the history envelope `{ items, next }`
 * (README), with `tracedThrough` `{ chain, block, indexedBlock, reason }` while the index's traces
 * of the address's zone are behind its blocks (transfers after `block` are not listed yet; null
 * once caught up) and `untraced` naming the zone when its node does not trace at all, and the
 * blocks the trace pass left untraced (`{ chain, blocks, reason, newestBlock }`).
 * 400 for bad parameters, 503 without an index.
 */
import { resolveInternalTransfersApi } from '@/lib/server/history/resolve-history-api';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveInternalTransfersApi);
}
