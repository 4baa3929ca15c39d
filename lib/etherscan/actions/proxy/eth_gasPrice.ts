import { quantity } from '@/lib/rpc/parse/fields';
import { rpcResult } from '../../envelope';
import { askNode, proxyAction, zoneClient } from '../../proxy';

export default proxyAction({
  action: 'eth_gasPrice',
  summary: "The zone's gas price (quai_gasPrice), in hex wei.",
  params: [],
  cache: 'per-tip',
  example: {},
  async handle(request, ctx) {
    const { raw } = await askNode(zoneClient(request, ctx), 'gasPrice', [], (r) => quantity(r, 'gasPrice'));
    return rpcResult(raw);
  },
});
