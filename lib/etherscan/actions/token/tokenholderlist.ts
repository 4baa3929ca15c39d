import { zoneOf } from '@/lib/protocol/chains';
import { indexedHeight } from '@/lib/index/readers/tokens/token-holdings-reader';
import { tokenHolderSlice } from '@/lib/index/readers/tokens/token-holder-list';
import { defineAction } from '../../action';
import { bad, none, ok } from '../../envelope';
import { PAGE_PARAMS, pageOf } from '../../paging';
import { addressParam } from '../../params';

export default defineAction({
  module: 'token',
  action: 'tokenholderlist',
  summary: "A token's holders and their balances (received minus sent over its transfers, in the token's smallest unit), largest first, from the index as of its latest block on the token's zone; page and offset as txlist's.",
  params: [{ name: 'contractaddress', kind: 'address', required: true, description: 'The token.' }, ...PAGE_PARAMS],
  methods: ['GET'],
  zone: { from: 'none' },
  rateLimit: 'none',
  cache: 'per-index-version',
  envelope: 'etherscan',
  example: { contractaddress: '0x0000000000000000000000000000000000000000', page: '1', offset: '10' },
  async handle(request, ctx) {
    const page = pageOf(request.params, 100);
    if (typeof page === 'string') return bad(page);
    const index = await ctx.index();
    if (!index.ready) return bad(index.reason, 503);
    const token = addressParam(request.params, 'contractaddress')!;
    const chain = zoneOf(token).name;
    const holders = await index.perVersion(`tokenholderlist:${token}:${page.offset}:${page.limit}`, async () => {
      const height = await indexedHeight(index.db, chain);
      return height === null ? [] : tokenHolderSlice(index.db, token, { chain, height }, page);
    });
    if (holders.length === 0) return none('No token holders found');
    return ok(holders.map((h) => ({ TokenHolderAddress: h.address, TokenHolderQuantity: h.balance.toString() })));
  },
});
