/**
 * GET /api/v1/stats/chain?chain=<zone>&period=<days|hours>[&format=csv[&series=<chart>]] — a
 * zone's chain statistics from the index's rollups, oldest first (docs/api.md, "Chain statistics").
 */
import type { NextRequest } from 'next/server';
import { answerChainStats } from '@/lib/server/network/chain-stats';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  return answerChainStats(request.nextUrl.searchParams);
}
