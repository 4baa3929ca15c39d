/**
 * GET /api/tips — the live data of the home page: per configured chain its tip, head age,
 * average block time, txpool counts (where served) and sync state; the newest blocks across
 * zones and their transactions. Bigints are decimal strings (lib/network/tips-types.ts).
 *
 * Coalesced: every poll within two seconds shares one node read (with REDIS_URL, fleet-wide), so node load does not grow with
 * the number of viewers. 503 when no chain's node answers.
 */
import { NextResponse } from 'next/server';
import { getTips } from '@/lib/server/tips/tips-source';
import { isAllChainsDown } from '@/lib/server/tips/tips';
import { describeFailure } from '@/lib/server/node/node-errors';

export const dynamic = 'force-dynamic';

export async function GET() {
  try {
    const tips = await getTips();
    return NextResponse.json(tips, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    const down = isAllChainsDown(error);
    const status = down ? 503 : 500;
    return NextResponse.json(
      { error: describeFailure(down ? error.firstCause : error) },
      { status, headers: { 'Cache-Control': 'no-store', ...(status === 503 ? { 'Retry-After': '5' } : {}) } },
    );
  }
}
