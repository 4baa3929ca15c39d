import { encodeBlockTag } from '@/lib/rpc/encode';
import { rpcResult } from '../../envelope';
import { quantity } from '@/lib/rpc/parse/fields';
import { askNode, proxyAction, TAG_PARAM, zoneClient } from '../../proxy';
import { tagParam } from '../../params';

export default proxyAction({
  action: 'eth_getBlockTransactionCountByNumber',
  summary: "How many transactions a block of the zone holds (quai_getBlockTransactionCountByNumber), in hex.",
  params: [{ ...TAG_PARAM, required: true }],
  cache: 'when-final',
  example: { tag: '0x1' },
  async handle(request, ctx) {
    const { raw } = await askNode(zoneClient(request, ctx), 'getBlockTransactionCountByNumber', [encodeBlockTag(tagParam(request.params))], (r) =>
      r === null ? null : quantity(r, 'count'),
    );
    return rpcResult(raw);
  },
});
