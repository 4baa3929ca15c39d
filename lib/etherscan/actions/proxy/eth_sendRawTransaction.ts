import { decodeRaw } from '@/lib/wallet/decode-raw';
import { check, sameHex } from '@/lib/checks/answer';
import { hash } from '@/lib/rpc/parse/fields';
import { bad, rpcError } from '../../envelope';
import { askNode, checkedAnswer, proxyAction } from '../../proxy';
import { hexParam } from '../../params';

export default proxyAction({
  action: 'eth_sendRawTransaction',
  summary: "Sends a signed transaction to its sender's zone (quai_sendRawTransaction), decoded here first; the hash answered must be the raw bytes' own. POST as quais sends it, or GET; off with STRATA_BROADCAST=off.",
  params: [{ name: 'hex', kind: 'hex', required: true, description: 'The signed transaction (type byte ‖ RLP).' }],
  methods: ['GET', 'POST'],
  zone: { from: 'none' },
  rateLimit: 'node-work',
  cache: 'none',
  example: { hex: '0x00f86c…' },
  async handle(request, ctx) {
    if (!ctx.broadcastEnabled) return bad('Broadcasting is turned off on this explorer (STRATA_BROADCAST=off)', 403);
    const decoded = await decodeRaw(hexParam(request.params, 'hex')!, { expectedChainId: ctx.expectedChainId, configuredZones: ctx.configuredZones });
    if (!decoded.ok) return bad(`Invalid parameter hex: ${decoded.error}`);
    if (request.zone !== undefined && request.zone !== decoded.zone) return bad(`the transaction's sender belongs to ${decoded.zone}, not ${request.zone}`);
    if (decoded.problems.length > 0) return rpcError(-32000, decoded.problems.join(' '));
    const client = ctx.client(decoded.zone);
    if (!client) return bad(`${decoded.zoneLabel} is not served by this explorer`);
    const { raw, value } = await askNode(client, 'sendRawTransaction', [decoded.raw], (r) => hash(r, 'transactionHash'));
    return checkedAnswer(decoded.zone, [check('result', `${decoded.hash} (the hash of the raw bytes)`, value, sameHex(value, decoded.hash))], raw);
  },
});
