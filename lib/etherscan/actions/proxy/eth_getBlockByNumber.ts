import { getChain } from '@/lib/protocol/chains';
import { checkHeaderAnswer } from '@/lib/checks/block-answer';
import { encodeBlockTag } from '@/lib/rpc/encode';
import { parseBlock } from '@/lib/rpc/parse/block';
import { askNode, checkedAnswer, proxyAction, TAG_PARAM, zoneClient } from '../../proxy';
import { param, tagParam } from '../../params';

export default proxyAction({
  action: 'eth_getBlockByNumber',
  summary: 'A block of the zone by number (quai_getBlockByNumber), checked: its number is the one asked and its location is in the zone.',
  params: [{ ...TAG_PARAM, required: true }, { name: 'boolean', kind: 'boolean', description: 'true: full transactions; false (default): their hashes.' }],
  cache: 'when-final',
  example: { tag: '0x1', boolean: 'false' },
  async handle(request, ctx) {
    const tag = tagParam(request.params);
    const full = param(request.params, 'boolean') === 'true';
    const pending = tag === 'pending';
    const detail = full ? 'full' : 'hashes';
    const { raw, value } = await askNode(zoneClient(request, ctx), 'getBlockByNumber', [encodeBlockTag(tag), full], (r) =>
      // The pending block has no hash, nonce or miner yet: only its shape is checked.
      r === null ? null : pending ? (parseBlock(r, 'block', { detail, pending: true }), null) : parseBlock(r, 'block', { detail }),
    );
    const zone = request.zone!;
    if (value === null) return checkedAnswer(zone, [], raw);
    return checkedAnswer(zone, checkHeaderAnswer(getChain(zone), typeof tag === 'bigint' ? { kind: 'number', number: tag } : 'latest', value), raw);
  },
});
