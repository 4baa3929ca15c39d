/**
 * GET /api/v1/address/<address>/token-transfers?limit=<1..100>&cursor=<opaque> — the ERC-20,
 * ERC-721 and ERC-1155 transfers the address sent or received, from the index, newest first, in
 * the history envelope `{ items, next }` (README). 400 for bad parameters, 503 without an index.
 */
import { resolveTokenTransfersApi } from '@/lib/server/history/resolve-history-api';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveTokenTransfersApi);
}
