/**
 * GET /api/v1/evidence/address/<address>[?block=<n>][&slot=<slot>…][&checkpoint=<header hash>] —
 * the evidence bundle of an account as of a block of its zone (the newest by default; docs/api.md,
 * "Evidence"): the block's header and the headers above it, the account's proof and the storage
 * proofs of the slots asked.
 * Its resolver: lib/server/evidence/resolve-evidence.ts.
 */
import { resolveAddressEvidence } from '@/lib/server/evidence/resolve-evidence';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveAddressEvidence);
}
