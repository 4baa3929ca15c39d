/**
 * GET /api/v1/txs?chain=<zone>&status=&type=&method=&limit=&cursor=: a zone's mined transactions,
 * newest first (lib/server/tx/tx-list.ts decides).
 */
import type { NextRequest } from 'next/server';
import { txListJson, resolveTxList } from '@/lib/server/tx/tx-list';
import { listResponse } from '@/lib/server/lists/list-verdict';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  return listResponse(await resolveTxList(request.nextUrl.searchParams), txListJson);
}
