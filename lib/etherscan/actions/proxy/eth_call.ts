import { withinGasCap } from '@/lib/rpc/core';
import { encodeBlockTag, encodeCallRequest } from '@/lib/rpc/encode';
import { data } from '@/lib/rpc/parse/fields';
import { rpcResult } from '../../envelope';
import { callRequestOf } from '../../call-request';
import { askNode, CALL_PARAMS, proxyAction, TAG_PARAM, workClient } from '../../proxy';
import { tagParam } from '../../params';

export default proxyAction({
  action: 'eth_call',
  summary: 'Runs a call on the zone without a transaction (quai_call) within the gas cap (STRATA_CALL_GAS_CAP); a revert is JSON-RPC\'s error with its data. GET, or POST as quais sends it.',
  params: [...CALL_PARAMS, TAG_PARAM],
  methods: ['GET', 'POST'],
  zone: { from: 'address', params: ['to', 'from'] },
  rateLimit: 'node-work',
  cache: 'none',
  example: { to: '0x0000000000000000000000000000000000000000', data: '0x06fdde03', tag: 'latest' },
  async handle(request, ctx) {
    const client = workClient(request, ctx);
    const call = encodeCallRequest(withinGasCap(client, callRequestOf(request.params)));
    const { raw } = await askNode(client, 'call', [call, encodeBlockTag(tagParam(request.params))], (r) => data(r, 'call'));
    return rpcResult(raw);
  },
});
