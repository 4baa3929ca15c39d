import { defineAction } from '../../action';
import { ok } from '../../envelope';
import { hashParam } from '../../params';
import { zoneClient } from '../../proxy';

export default defineAction({
  module: 'transaction',
  action: 'getstatus',
  summary: "A contract execution's status from its receipt: isError 1 when it reverted (errDescription says so), 0 otherwise or while unknown.",
  params: [{ name: 'txhash', kind: 'hash', required: true, description: 'The transaction hash.' }],
  methods: ['GET'],
  zone: { from: 'zone' },
  rateLimit: 'none',
  cache: 'when-final',
  envelope: 'etherscan',
  example: { txhash: `0x${'00'.repeat(32)}` },
  async handle(request, ctx) {
    const receipt = await zoneClient(request, ctx).getTransactionReceipt({ hash: hashParam(request.params, 'txhash')! });
    const reverted = receipt?.status === 'reverted';
    return ok({ isError: reverted ? '1' : '0', errDescription: reverted ? 'execution reverted' : '' });
  },
});
