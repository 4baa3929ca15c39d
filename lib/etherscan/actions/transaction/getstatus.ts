import { defineAction } from '../../action';
import { bad, ok } from '../../envelope';
import { hashParam } from '../../params';
import { receiptByHash } from '../../receipt-by-hash';

export default defineAction({
  module: 'transaction',
  action: 'getstatus',
  summary: "A contract execution's status from its receipt: isError 1 when it reverted (errDescription says so), 0 otherwise or while unknown.",
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
    const reverted = receipt?.status === 'reverted';
    return ok({ isError: reverted ? '1' : '0', errDescription: reverted ? 'execution reverted' : '' });
  },
});
