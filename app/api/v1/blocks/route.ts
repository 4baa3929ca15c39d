/**
 * GET /api/v1/blocks?chain=<chain>&tab=<uncles|reorgs>&limit=<1..100>&cursor=<opaque>: a chain's
 * blocks, uncles or replaced blocks, newest first (lib/server/block/block-list.ts decides).
 * Its resolver: resolveBlocksApi (lib/server/block/block-list.ts).
 */
import { routeAnswer } from '@/lib/server/pipeline/route-data';
import { resolveBlocksApi } from '@/lib/server/block/block-list';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveBlocksApi);
}
