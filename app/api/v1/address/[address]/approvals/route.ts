/**
 * GET /api/v1/address/<address>/approvals?limit=<1..100>&cursor=<opaque>&block=<n> — what the
 * address has approved (ERC-20 allowances, ERC-721 / ERC-1155 operators), newest first, in the
 * history envelope `{ items, next }` plus `block`, the owner's zone block the amounts were read
 * at (docs/api.md), and `unrecognised`, the approvals from contracts that do not look like tokens
 * (counted, never read). The index finds the approvals; each amount is the node's answer at
 * `block` (default: the zone's tip). Node work: rate-limited. 400 for bad parameters, 503 without
 * an index or the zone's node, or with Retry-After while the zone's lane of node work is full.
 * Its resolver: lib/server/address/resolve-approvals.ts.
 */
import { resolveApprovalsApi } from '@/lib/server/address/resolve-approvals';
import { routeAnswer } from '@/lib/server/pipeline/route-data';

export const dynamic = 'force-dynamic';

export function GET() {
  return routeAnswer(resolveApprovalsApi);
}
