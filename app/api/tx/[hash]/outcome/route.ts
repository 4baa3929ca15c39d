/**
 * GET /api/tx/<hash>/outcome — what became of a transaction the reader's wallet sent from a Write
 * contract form or a Revoke button, polled until it is mined: `unknown`, `pending`, `mined`, or
 * `reverted` with the reason (lib/wallet/tx-outcome.ts). Read from this explorer's nodes.
 * Its resolver: lib/server/tx/resolve-tx-api.ts.
 */
import { resolveTxOutcomeApi } from '@/lib/server/tx/resolve-tx-api';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveTxOutcomeApi);
}
