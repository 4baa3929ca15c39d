/**
 * GET /api/txpool/<zone> — the zone's txpool view (status counts, pending and queued grouped by
 * sender with nonce gaps, inspect summaries), polled by the txpool page. Polls within a second
 * share one node read. 404 for a name that is not a configured zone.
 */
import { NextResponse } from 'next/server';
import type { ChainName } from '@/lib/protocol/chains';
import { coalesceByKey } from '@/lib/server/cache/coalesce';
import { describeFailure } from '@/lib/server/node/node-errors';
import { loadTxpool } from '@/lib/server/network/load-txpool';
import { poolZone } from '@/lib/routes/params/pool-zone';

export const dynamic = 'force-dynamic';

const load = coalesceByKey((zone: ChainName) => loadTxpool(zone), 1_000, 16);

export async function GET(_request: Request, { params }: { params: Promise<{ zone: string }> }) {
  const { zone } = await params;
  const chain = poolZone(zone);
  if (!chain) {
    return NextResponse.json({ error: `“${zone}” is not a zone served by this explorer.` }, { status: 404 });
  }
  try {
    return NextResponse.json(await load(chain.name), { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    return NextResponse.json({ error: describeFailure(error) }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}
