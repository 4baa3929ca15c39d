/**
 * GET /api/fees/<chain>?blocks=<1..1024>&percentiles=<p,p,…|none> — feeHistory reshaped for
 * charts, plus gasPrice and maxPriorityFeePerGas. Bad controls get 400 with the reason and never
 * reach the node. Requests with the same controls within a second share one node read.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { getChain, isChainName, type ChainName } from '@/lib/protocol/chains';
import { getConfig } from '@/lib/ops/config';
import { coalesceByKey } from '@/lib/server/cache/coalesce';
import { describeFailure } from '@/lib/server/node/node-errors';
import { feeQuery, parseFeeParams } from '@/lib/routes/params/fee-params';
import { FeesNodeDownError, loadFees } from '@/lib/server/network/load-fees';

export const dynamic = 'force-dynamic';

const load = coalesceByKey((key: string) => {
  const [chain, query] = key.split('?') as [ChainName, string];
  const q = new URLSearchParams(query);
  const parsed = parseFeeParams({ blocks: q.get('blocks'), percentiles: q.get('percentiles') });
  if (!parsed.ok) throw new Error(parsed.errors.join(' '));
  return loadFees(chain, parsed.value);
}, 1_000, 64);

export async function GET(request: NextRequest, { params }: { params: Promise<{ chain: string }> }) {
  const { chain } = await params;
  if (!isChainName(chain) || !getConfig().chains.some((c) => c.chain.name === chain)) {
    return NextResponse.json({ error: `“${chain}” is not a chain served by this explorer.` }, { status: 404 });
  }
  const search = request.nextUrl.searchParams;
  const parsed = parseFeeParams({ blocks: search.get('blocks'), percentiles: search.get('percentiles') });
  if (!parsed.ok) return NextResponse.json({ error: parsed.errors.join(' ') }, { status: 400 });
  try {
    const view = await load(`${getChain(chain).name}?${feeQuery(parsed.value)}`);
    return NextResponse.json(view, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    const status = error instanceof FeesNodeDownError ? 503 : 500;
    return NextResponse.json({ error: describeFailure(error) }, { status });
  }
}
