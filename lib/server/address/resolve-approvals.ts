/**
 * The resolver of `/api/v1/address/<address>/approvals` (lib/routes/resolver.ts): what the address
 * has approved, found by the index, each amount read from the node at `?block=`, a page at a time.
 */
import { approvalJson, type ApprovalPageJson } from '@/lib/history/approval-types';
import { parseAsOf } from '@/lib/routes/params/address-params';
import { parseHistoryPage } from '@/lib/routes/params/history-params';
import { answered, type JsonAnswer, type Resolver } from '@/lib/routes/resolver';
import { loadApprovals } from './load-approvals';

export const resolveApprovalsApi: Resolver<JsonAnswer> = async ({ params, query }) => {
  const page = parseHistoryPage(params.address ?? '', query);
  if (!page.ok) return answered({ status: 400, body: { error: page.error } });
  const asOf = parseAsOf(query.get('block'));
  if (!asOf.ok) return answered({ status: 400, body: { error: asOf.error } });
  const loaded = await loadApprovals(page.value.address, asOf.value, page.value.page);
  switch (loaded.kind) {
    case 'bad-cursor':
      return answered({ status: 400, body: { error: loaded.message } });
    case 'unavailable':
      return answered({ status: 503, body: { error: loaded.reason, index: loaded.state } });
    case 'node-error':
      return answered({ status: 503, body: { error: loaded.message } });
    case 'ok': {
      // A read the lane of node work refused: the page is not whole, so the caller is told to come back.
      if (loaded.busy !== null) {
        const error = `the zone's node is busy with other callers' calls: ${loaded.items.filter((a) => a.now.kind === 'failed').length} of this page's approvals were not read; try again in ${loaded.busy} s`;
        return answered({ status: 503, body: { error }, headers: { 'Retry-After': String(loaded.busy), 'Cache-Control': 'no-store' } });
      }
      const body: ApprovalPageJson = { items: loaded.items.map(approvalJson), next: loaded.next, block: loaded.block.toString(), unrecognised: loaded.unrecognised };
      return answered({ status: 200, body, headers: { 'Cache-Control': 'no-store' } });
    }
  }
};
