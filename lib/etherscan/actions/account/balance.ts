import { defineAction } from '../../action';
import { ok } from '../../envelope';
import { TAG_PARAM, zoneClient } from '../../proxy';
import { addressParam, tagParam } from '../../params';

export default defineAction({
  module: 'account',
  action: 'balance',
  summary: "An address's balance in wei (decimal), from the node of the zone its address belongs to.",
  params: [{ name: 'address', kind: 'address', required: true, description: 'The account.' }, TAG_PARAM],
  methods: ['GET'],
  zone: { from: 'address', params: ['address'] },
  rateLimit: 'none',
  cache: 'per-tip',
  envelope: 'etherscan',
  example: { address: '0x0000000000000000000000000000000000000000', tag: 'latest' },
  async handle(request, ctx) {
    const balance = await zoneClient(request, ctx).getBalance({ address: addressParam(request.params, 'address')!, blockTag: tagParam(request.params) });
    return ok(balance.toString());
  },
});
