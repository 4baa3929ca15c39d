import { encodeBlockTag } from '@/lib/rpc/encode';
import { quantity } from '@/lib/rpc/parse/fields';
import { rpcResult } from '../../envelope';
import { askNode, proxyAction, TAG_PARAM, zoneClient } from '../../proxy';
import { addressParam, tagParam } from '../../params';

export default proxyAction({
  action: 'eth_getTransactionCount',
  summary: "An account's nonce (quai_getTransactionCount) on the zone its address belongs to, in hex.",
  params: [{ name: 'address', kind: 'address', required: true, description: 'The account.' }, TAG_PARAM],
  zone: { from: 'address', params: ['address'] },
  cache: 'per-tip',
  example: { address: '0x0000000000000000000000000000000000000000', tag: 'latest' },
  async handle(request, ctx) {
    const { raw } = await askNode(zoneClient(request, ctx), 'getTransactionCount', [addressParam(request.params, 'address'), encodeBlockTag(tagParam(request.params))], (r) =>
      quantity(r, 'transactionCount'),
    );
    return rpcResult(raw);
  },
});
