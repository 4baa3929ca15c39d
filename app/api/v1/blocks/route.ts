/**
 * GET /api/v1/blocks?chain=<chain>&tab=<uncles|reorgs>&limit=<1..100>&cursor=<opaque>: a chain's
 * blocks, uncles or replaced blocks, newest first (lib/server/block/block-list.ts decides).
 */
import type { NextRequest } from 'next/server';
import { blockListJson, resolveBlockList } from '@/lib/server/block/block-list';
import { listResponse } from '@/lib/server/lists/list-verdict';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  return listResponse(await resolveBlockList(request.nextUrl.searchParams), blockListJson);
}
