import { withinGasCap } from '@/lib/rpc/core';
import { encodeCallRequest } from '@/lib/rpc/encode';
import { quantity } from '@/lib/rpc/parse/fields';
import { rpcResult } from '../../envelope';
import { callRequestOf } from '../../call-request';
import { askNode, CALL_PARAMS, proxyAction, workClient } from '../../proxy';

export default proxyAction({
  action: 'eth_estimateGas',
  summary: 'The gas a transaction would use on the zone (quai_estimateGas) up to the gas cap (STRATA_CALL_GAS_CAP), in hex. GET, or POST as quais sends it.',
  params: CALL_PARAMS,
  methods: ['GET', 'POST'],
  zone: { from: 'address', params: ['from', 'to'] },
  rateLimit: 'node-work',
  cache: 'none',
  example: { from: '0x0000000000000000000000000000000000000000', to: '0x0000000000000000000000000000000000000001', value: '0x1' },
  async handle(request, ctx) {
    const client = workClient(request, ctx);
    const call = encodeCallRequest(withinGasCap(client, callRequestOf(request.params)));
    const { raw } = await askNode(client, 'estimateGas', [call], (r) => quantity(r, 'estimateGas'));
    return rpcResult(raw);
  },
});
