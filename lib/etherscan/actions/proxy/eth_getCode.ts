import { encodeBlockTag } from '@/lib/rpc/encode';
import { data } from '@/lib/rpc/parse/fields';
import { rpcResult } from '../../envelope';
import { askNode, proxyAction, TAG_PARAM, zoneClient } from '../../proxy';
import { addressParam, tagParam } from '../../params';

export default proxyAction({
  action: 'eth_getCode',
  summary: "An account's code (quai_getCode) on the zone its address belongs to.",
  params: [{ name: 'address', kind: 'address', required: true, description: 'The account.' }, TAG_PARAM],
  zone: { from: 'address', params: ['address'] },
  cache: 'per-tip',
  example: { address: '0x0000000000000000000000000000000000000000', tag: 'latest' },
  async handle(request, ctx) {
    const { raw } = await askNode(zoneClient(request, ctx), 'getCode', [addressParam(request.params, 'address'), encodeBlockTag(tagParam(request.params))], (r) => data(r, 'code'));
    return rpcResult(raw);
  },
});
