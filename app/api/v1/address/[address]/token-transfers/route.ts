/**
 * GET /api/v1/address/<address>/token-transfers?limit=<1..100>&cursor=<opaque> — the ERC-20,
 * ERC-721 and ERC-1155 transfers the address sent or received, from the index, newest first, in
 * the history envelope `{ items, next }` (README). 400 for bad parameters, 503 without an index.
 */
import type { NextRequest } from 'next/server';
import { answerHistoryPage } from '@/lib/server/history/history-page-api';
import { loadTokenTransfers } from '@/lib/server/history/load-token-transfers';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: { params: Promise<{ address: string }> }) {
  return answerHistoryPage((await params).address, request.nextUrl.searchParams, loadTokenTransfers, (load) => load.page);
}
