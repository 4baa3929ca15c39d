/**
 * GET /api/v1/address/<address>/approvals?limit=<1..100>&cursor=<opaque>&block=<n> — what the
 * address has approved (ERC-20 allowances, ERC-721 / ERC-1155 operators), newest first, in the
 * history envelope `{ items, next }` plus `block`, the owner's zone block the amounts were read
 * at (docs/api.md), and `unrecognised`, the approvals from contracts that do not look like tokens
 * (counted, never read). The index finds the approvals; each amount is the node's answer at
 * `block` (default: the zone's tip). Node work: rate-limited. 400 for bad parameters, 503 without
 * an index or the zone's node, or with Retry-After while the zone's lane of node work is full.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { approvalJson, type ApprovalPageJson } from '@/lib/history/approval-types';
import { parseAsOf } from '@/lib/routes/params/address-params';
import { parseHistoryPage } from '@/lib/routes/params/history-params';
import { loadApprovals } from '@/lib/server/address/load-approvals';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: { params: Promise<{ address: string }> }) {
  const search = request.nextUrl.searchParams;
  const query = parseHistoryPage((await params).address, search);
  if (!query.ok) return NextResponse.json({ error: query.error }, { status: 400 });
  const asOf = parseAsOf(search.get('block'));
  if (!asOf.ok) return NextResponse.json({ error: asOf.error }, { status: 400 });
  const loaded = await loadApprovals(query.value.address, asOf.value, query.value.page);
  switch (loaded.kind) {
    case 'bad-cursor':
      return NextResponse.json({ error: loaded.message }, { status: 400 });
    case 'unavailable':
      return NextResponse.json({ error: loaded.reason, index: loaded.state }, { status: 503 });
    case 'node-error':
      return NextResponse.json({ error: loaded.message }, { status: 503 });
    case 'ok': {
      // A read the lane of node work refused: the page is not whole, so the caller is told to come back.
      if (loaded.busy !== null) {
        const error = `the zone's node is busy with other callers' calls: ${loaded.items.filter((a) => a.now.kind === 'failed').length} of this page's approvals were not read; try again in ${loaded.busy} s`;
        return NextResponse.json({ error }, { status: 503, headers: { 'Retry-After': String(loaded.busy), 'Cache-Control': 'no-store' } });
      }
      const body: ApprovalPageJson = { items: loaded.items.map(approvalJson), next: loaded.next, block: loaded.block.toString(), unrecognised: loaded.unrecognised };
      return NextResponse.json(body, { headers: { 'Cache-Control': 'no-store' } });
    }
  }
}
