import { defineAction } from '../../action';
import { ok } from '../../envelope';
import { hashParam } from '../../params';
import { zoneClient } from '../../proxy';

export default defineAction({
  module: 'transaction',
  action: 'gettxreceiptstatus',
  summary: "A transaction's receipt status: 1 success, 0 reverted, empty while the node has no receipt.",
  params: [{ name: 'txhash', kind: 'hash', required: true, description: 'The transaction hash.' }],
  methods: ['GET'],
  zone: { from: 'zone' },
  rateLimit: 'none',
  cache: 'when-final',
  envelope: 'etherscan',
  example: { txhash: `0x${'00'.repeat(32)}` },
  async handle(request, ctx) {
    const receipt = await zoneClient(request, ctx).getTransactionReceipt({ hash: hashParam(request.params, 'txhash')! });
    return ok({ status: receipt === null ? '' : receipt.status === 'success' ? '1' : '0' });
  },
});
