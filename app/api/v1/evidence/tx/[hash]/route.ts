/**
 * GET /api/v1/evidence/tx/<hash>[?checkpoint=<header hash>] — the evidence bundle of a mined
 * transaction (docs/api.md, "Evidence"): its block's header and the headers above it, every raw
 * transaction and receipt of the block, the sender's and recipient's account proofs at the block.
 * Its resolver: lib/server/evidence/resolve-evidence.ts.
 */
import { resolveTxEvidence } from '@/lib/server/evidence/resolve-evidence';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveTxEvidence);
}
