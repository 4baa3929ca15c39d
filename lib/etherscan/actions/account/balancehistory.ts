import { balanceAt, balanceProgress } from '@/lib/index/readers/balance-reader';
import { notOk } from '@/lib/history/etherscan';
import { defineAction } from '../../action';
import { ok, type EtherscanAnswer } from '../../envelope';
import { zoneClient } from '../../proxy';
import { addressParam, bigintParam } from '../../params';

/** Etherscan answers a refusal with HTTP 200 and status "0". */
const refused = (message: string): EtherscanAnswer => ({ status: 200, body: notOk(message) });

export default defineAction({
  module: 'account',
  action: 'balancehistory',
  summary:
    "An address's balance in wei (decimal) at a block, from the index's balance history (the balance pass): the balance of its latest change at or " +
    'before the block. A block the index has not completed yet is refused, saying how far it is.',
  params: [
    { name: 'address', kind: 'address', required: true, description: 'The account (names the zone).' },
    { name: 'blockno', kind: 'number', required: true, description: 'The block of its zone, decimal or 0x hex.' },
  ],
  methods: ['GET'],
  zone: { from: 'address', params: ['address'] },
  rateLimit: 'none',
  cache: 'per-index-version',
  envelope: 'etherscan',
  example: { address: '0x0000000000000000000000000000000000000000', blockno: '1' },
  async handle(request, ctx) {
    const index = await ctx.index();
    if (!index.ready) return { status: 503, body: notOk(index.reason) };
    const zone = request.zone!;
    const address = addressParam(request.params, 'address')!;
    const blockno = bigintParam(request.params, 'blockno')!;
    return index.perVersion(`balancehistory:${zone}:${address}:${blockno}`, async () => {
      const progress = (await balanceProgress(index.db)).get(zone);
      if (!progress?.complete || progress.firstStored === null) return refused(`The balance history of ${zone} has no complete block yet`);
      if (blockno > progress.complete) return refused(`The balance history of ${zone} is complete through block ${progress.complete}, not yet ${blockno}`);
      if (blockno < progress.firstStored - 1n) return refused(`The index of ${zone} starts at block ${progress.firstStored}`);
      const known = await balanceAt(index.db, address, zone, blockno);
      if (known !== null) return ok(known.toString());
      // No change of it in any block read: its balance is the same at every one of them; the node says it at the complete block.
      const now = await zoneClient(request, ctx).getBalance({ address, blockTag: progress.complete });
      return ok(now.toString());
    });
  },
});
