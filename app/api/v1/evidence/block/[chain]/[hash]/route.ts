/**
 * GET /api/v1/evidence/block/<chain>/<hash>[?checkpoint=<header hash>] — the evidence bundle of a
 * block (docs/api.md, "Evidence"): its header and the headers above it, its raw transactions,
 * receipts and uncles.
 * Its resolver: lib/server/evidence/resolve-evidence.ts.
 */
import { resolveBlockEvidence } from '@/lib/server/evidence/resolve-evidence';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveBlockEvidence);
}
