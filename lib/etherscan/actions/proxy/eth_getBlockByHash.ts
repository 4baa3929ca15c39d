import { getChain } from '@/lib/protocol/chains';
import { checkHeaderAnswer } from '@/lib/checks/block-answer';
import { parseBlock } from '@/lib/rpc/parse/block';
import { askNode, checkedAnswer, proxyAction, zoneClient } from '../../proxy';
import { hashParam, param } from '../../params';

export default proxyAction({
  action: 'eth_getBlockByHash',
  summary: 'A block of the zone by hash (quai_getBlockByHash), checked: its hash is the one asked (and recomputed from its header).',
  params: [
    { name: 'hash', kind: 'hash', required: true, description: 'The block hash.' },
    { name: 'boolean', kind: 'boolean', description: 'true: full transactions; false (default): their hashes.' },
  ],
  cache: 'immutable',
  example: { hash: `0x${'00'.repeat(32)}`, boolean: 'false' },
  async handle(request, ctx) {
    const hash = hashParam(request.params, 'hash')!;
    const full = param(request.params, 'boolean') === 'true';
    const { raw, value } = await askNode(zoneClient(request, ctx), 'getBlockByHash', [hash, full], (r) =>
      r === null ? null : parseBlock(r, 'block', { detail: full ? 'full' : 'hashes' }),
    );
    const zone = request.zone!;
    return checkedAnswer(zone, value === null ? [] : checkHeaderAnswer(getChain(zone), { kind: 'hash', hash }, value), raw);
  },
});
