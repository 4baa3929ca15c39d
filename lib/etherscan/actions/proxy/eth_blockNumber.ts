import { quantity } from '@/lib/rpc/parse/fields';
import { rpcResult } from '../../envelope';
import { askNode, proxyAction, zoneClient } from '../../proxy';

export default proxyAction({
  action: 'eth_blockNumber',
  summary: "The zone's latest block number (quai_blockNumber), in hex.",
  params: [],
  cache: 'per-tip',
  example: {},
  async handle(request, ctx) {
    const { raw } = await askNode(zoneClient(request, ctx), 'blockNumber', [], (r) => quantity(r, 'blockNumber'));
    return rpcResult(raw);
  },
});
