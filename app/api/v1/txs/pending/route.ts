/**
 * GET /api/v1/txs/pending?chain=<zone>&limit=&cursor=: the zone's txpool as a list, read live
 * (lib/server/network/pending-list.ts decides).
 */
import type { NextRequest } from 'next/server';
import { pendingListJson, resolvePendingList } from '@/lib/server/network/pending-list';
import { listResponse } from '@/lib/server/lists/list-verdict';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  return listResponse(await resolvePendingList(request.nextUrl.searchParams), pendingListJson);
}
