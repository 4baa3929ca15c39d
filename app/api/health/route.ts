/**
 * GET /api/health — for load balancers and orchestrators.
 *
 *   /api/health?live   liveness: 200 as long as the process answers; never asks the node
 *   /api/health        readiness: 200 when at least one chain's node answers and the history
 *                      index is open (or STRATA_INDEX=off), else 503; the body lists every chain
 *                      (ready, height or error, probe latency), the history index (`index`: state,
 *                      ready, and the error and since when while its writes fail or why it is not
 *                      open) and `status`: ready, degraded (a chain is not, or the index's writes
 *                      fail) or unready (docs/deploy.md)
 */
import { NextResponse, type NextRequest } from 'next/server';
import { indexHealth } from '@/lib/server/index/index-health';
import { readiness, withComponents } from '@/lib/server/pipeline/readiness';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest) {
  const headers = { 'Cache-Control': 'no-store' };
  if (request.nextUrl.searchParams.has('live')) return NextResponse.json({ live: true }, { headers });
  const state = withComponents(await readiness(), indexHealth());
  return NextResponse.json({ live: true, ...state }, { status: state.ready ? 200 : 503, headers });
}
