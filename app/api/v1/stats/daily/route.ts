/**
 * GET /api/v1/stats/daily?chain=<zone>&days=<1..365> — the zone's counts per UTC day from the
 * index, oldest first, today included: `{ chain, days: [{ day, blocks, transactions, etxSent,
 * etxReceived, activeAddresses }] }` (README). 400 for a bad parameter, 503 without an index.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { parseDays, parseZone } from '@/lib/routes/params/stats-params';
import { loadDailyStats } from '@/lib/server/network/load-stats';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  const search = request.nextUrl.searchParams;
  const chain = parseZone(search.get('chain'));
  if (!chain.ok) return NextResponse.json({ error: chain.error }, { status: 400 });
  const days = parseDays(search.get('days'));
  if (!days.ok) return NextResponse.json({ error: days.error }, { status: 400 });
  const load = await loadDailyStats(chain.value, days.value);
  if (load.kind === 'unavailable') return NextResponse.json({ error: load.reason, index: load.state }, { status: 503 });
  return NextResponse.json(load.value, { headers: { 'Cache-Control': 'no-store' } });
}
