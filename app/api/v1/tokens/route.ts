/**
 * GET /api/v1/tokens?q=&sort=<holders|transfers>&standard=&limit=&cursor=: the tokens the index
 * has seen (lib/server/token/token-list.ts decides).
 */
import type { NextRequest } from 'next/server';
import { resolveTokenList, tokenListJson } from '@/lib/server/token/token-list';
import { listResponse } from '@/lib/server/lists/list-verdict';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  return listResponse(await resolveTokenList(request.nextUrl.searchParams), tokenListJson);
}
