import { minedBlocksOf } from '@/lib/index/readers/mined-block-reader';
import { defineAction } from '../../action';
import { bad, none, ok } from '../../envelope';
import { PAGE_PARAMS, pageOf } from '../../paging';
import { addressParam, param } from '../../params';

export default defineAction({
  module: 'account',
  action: 'getminedblocks',
  summary: "Blocks whose coinbase is the address (blocktype=blocks), or uncles it mined and the block that included each (uncles), newest first, from the index. blockReward is empty: the node's API does not say a block's reward.",
  params: [
    { name: 'address', kind: 'address', required: true, description: 'The coinbase.' },
    { name: 'blocktype', kind: { oneOf: ['blocks', 'uncles'] }, description: 'blocks (default) or uncles.' },
    ...PAGE_PARAMS,
  ],
  methods: ['GET'],
  zone: { from: 'none' },
  rateLimit: 'none',
  cache: 'per-index-version',
  envelope: 'etherscan',
  example: { address: '0x0000000000000000000000000000000000000000', blocktype: 'blocks', page: '1', offset: '10' },
  async handle(request, ctx) {
    const page = pageOf(request.params, 100);
    if (typeof page === 'string') return bad(page);
    const index = await ctx.index();
    if (!index.ready) return bad(index.reason, 503);
    const items = await minedBlocksOf(index.db, addressParam(request.params, 'address')!, { uncles: param(request.params, 'blocktype') === 'uncles', ...page });
    if (items.length === 0) return none('No transactions found');
    return ok(
      items.map((i) => ({
        blockNumber: i.blockNumber.toString(), timeStamp: i.timestamp.toString(), blockReward: '', chain: i.chain,
        ...(i.uncle === null ? {} : { uncleIndex: i.uncle.toString() }),
      })),
    );
  },
});
