/**
 * GET /api/fees/<chain>?blocks=<1..1024>&percentiles=<p,p,…|none> — feeHistory reshaped for
 * charts, plus gasPrice and maxPriorityFeePerGas. Bad controls get 400 with the reason and never
 * reach the node. Requests with the same controls within a second share one node read.
 * Its resolver: lib/server/network/resolve-fees.ts.
 */
import { resolveFeesApi } from '@/lib/server/network/resolve-fees';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveFeesApi);
}
