/**
 * GET /api/v1/etx/flow?period=24h|7d|30d — the 9 × 9 ETX flow from the index: `{ period, from, to,
 * zones, counts, delivered, pending }`, each matrix [origin][destination] in the order of `zones`
 * (README). 400 for a bad period, 503 without an index.
 *
 * A static segment: Next matches it before the dynamic /api/v1/etx/<hash>.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { parseFlowPeriod } from '@/lib/routes/params/stats-params';
import { loadEtxFlow } from '@/lib/server/network/load-stats';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  const period = parseFlowPeriod(request.nextUrl.searchParams.get('period'));
  if (!period.ok) return NextResponse.json({ error: period.error }, { status: 400 });
  const load = await loadEtxFlow(period.value);
  if (load.kind === 'unavailable') return NextResponse.json({ error: load.reason, index: load.state }, { status: 503 });
  return NextResponse.json(load.value, { headers: { 'Cache-Control': 'no-store' } });
}
