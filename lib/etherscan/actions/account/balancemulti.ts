import { zoneOf } from '@/lib/protocol/chains';
import { defineAction } from '../../action';
import { bad, ok } from '../../envelope';
import { addressesParam, MAX_ADDRESSES, tagParam } from '../../params';
import { TAG_PARAM } from '../../proxy';

export default defineAction({
  module: 'account',
  action: 'balancemulti',
  summary: `Balances of up to ${MAX_ADDRESSES} addresses in wei, each from the node of the zone its address belongs to.`,
  params: [{ name: 'address', kind: 'addresses', required: true, description: `Up to ${MAX_ADDRESSES} addresses, comma-separated.` }, TAG_PARAM],
  methods: ['GET'],
  zone: { from: 'none' },
  // Up to MAX_ADDRESSES node reads of the caller's choosing per request: node work, answered per request.
  rateLimit: 'node-work',
  cache: 'none',
  envelope: 'etherscan',
  example: { address: '0x0000000000000000000000000000000000000000,0x0000000000000000000000000000000000000001', tag: 'latest' },
  async handle(request, ctx) {
    const addresses = addressesParam(request.params, 'address');
    const blockTag = tagParam(request.params);
    const unserved = addresses.find((a) => !ctx.client(zoneOf(a).name));
    if (unserved) return bad(`address ${unserved} belongs to ${zoneOf(unserved).name}, which this explorer does not serve`);
    // One batch per zone: the clients coalesce concurrent calls.
    const balances = await Promise.all(addresses.map((account) => ctx.client(zoneOf(account).name)!.getBalance({ address: account, blockTag })));
    return ok(addresses.map((account, i) => ({ account, balance: balances[i]!.toString() })));
  },
});
