/**
 * GET /api/v1/accounts?chain=<zone>&limit=<1..100>&cursor=<opaque> — the zone's accounts from the
 * index, richest first, as of the block the answer states (docs/api.md, "Balances").
 */
import type { NextRequest } from 'next/server';
import { answerTopAccounts } from '@/lib/server/accounts/top-accounts';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  return answerTopAccounts(request.nextUrl.searchParams);
}
