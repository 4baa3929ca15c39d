import { defineAction } from '../../action';
import { bad, ok } from '../../envelope';
import { hashParam } from '../../params';
import { receiptByHash } from '../../receipt-by-hash';

export default defineAction({
  module: 'transaction',
  action: 'gettxreceiptstatus',
  summary: "A transaction's receipt status: 1 success, 0 reverted, empty while the node has no receipt.",
  params: [{ name: 'txhash', kind: 'hash', required: true, description: 'The transaction hash.' }],
  methods: ['GET'],
  // Found on whichever zone holds it (receipt-by-hash.ts); a zone named by the caller is the one asked.
  zone: { from: 'none' },
  rateLimit: 'none',
  cache: 'when-final',
  envelope: 'etherscan',
  example: { txhash: `0x${'00'.repeat(32)}` },
  async handle(request, ctx) {
    if (request.zone !== undefined && !ctx.client(request.zone)) return bad(`${request.zone} is not served by this explorer (it serves ${ctx.configuredZones.join(', ')})`);
    const receipt = await receiptByHash(request, ctx, hashParam(request.params, 'txhash')!);
    return ok({ status: receipt === null ? '' : receipt.status === 'success' ? '1' : '0' });
  },
});
