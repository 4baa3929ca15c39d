import { numberToHex } from 'viem';
import { encodeBlockTag } from '@/lib/rpc/encode';
import { dataOfLength } from '@/lib/rpc/parse/fields';
import { rpcResult } from '../../envelope';
import { askNode, proxyAction, TAG_PARAM, zoneClient } from '../../proxy';
import { addressParam, bigintParam, tagParam } from '../../params';

export default proxyAction({
  action: 'eth_getStorageAt',
  summary: "A storage slot's 32 bytes (quai_getStorageAt) on the zone the address belongs to.",
  params: [
    { name: 'address', kind: 'address', required: true, description: 'The contract.' },
    { name: 'position', kind: 'number', required: true, description: 'The slot, in hex (or decimal, as quais sends it).' },
    TAG_PARAM,
  ],
  zone: { from: 'address', params: ['address'] },
  cache: 'per-tip',
  example: { address: '0x0000000000000000000000000000000000000000', position: '0x0', tag: 'latest' },
  async handle(request, ctx) {
    const slot = numberToHex(bigintParam(request.params, 'position')!, { size: 32 });
    const { raw } = await askNode(zoneClient(request, ctx), 'getStorageAt', [addressParam(request.params, 'address'), slot, encodeBlockTag(tagParam(request.params))], (r) =>
      dataOfLength(32)(r, 'storage'),
    );
    return rpcResult(raw);
  },
});
