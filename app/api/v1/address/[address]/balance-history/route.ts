/**
 * GET /api/v1/address/<address>/balance-history?limit=<1..100>&cursor=<opaque> — the address's
 * native balance changes from the index, newest first: `{ items, next }` (docs/api.md, "Balances").
 */
import type { NextRequest } from 'next/server';
import { answerBalanceHistory } from '@/lib/server/balances/balance-history';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: { params: Promise<{ address: string }> }) {
  return answerBalanceHistory((await params).address, request.nextUrl.searchParams);
}
