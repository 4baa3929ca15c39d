/**
 * GET /api/v1/contracts?q=&limit=&cursor=: the verified contracts, newest verification first
 * (lib/server/contracts/contract-list.ts decides).
 */
import type { NextRequest } from 'next/server';
import { contractListJson, resolveContractList } from '@/lib/server/contracts/contract-list';
import { listResponse } from '@/lib/server/lists/list-verdict';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  return listResponse(await resolveContractList(request.nextUrl.searchParams), contractListJson);
}
