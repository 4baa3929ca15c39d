import { check } from '@/lib/checks/answer';
import { encodeBlockTag, encodeQuantity } from '@/lib/rpc/encode';
import { parseTransaction } from '@/lib/rpc/parse/transaction';
import { askNode, checkedAnswer, proxyAction, TAG_PARAM, zoneClient } from '../../proxy';
import { bigintParam, tagParam } from '../../params';

export default proxyAction({
  action: 'eth_getTransactionByBlockNumberAndIndex',
  summary: 'The transaction at an index of a block (quai_getTransactionByBlockNumberAndIndex), checked: it names that block number and index.',
  params: [{ ...TAG_PARAM, required: true }, { name: 'index', kind: 'number', required: true, description: 'Its position in the block (hex).' }],
  cache: 'when-final',
  example: { tag: '0x1', index: '0x0' },
  async handle(request, ctx) {
    const tag = tagParam(request.params);
    const index = bigintParam(request.params, 'index')!;
    const { raw, value } = await askNode(zoneClient(request, ctx), 'getTransactionByBlockNumberAndIndex', [encodeBlockTag(tag), encodeQuantity(index)], (r) =>
      r === null ? null : parseTransaction(r),
    );
    if (value === null) return checkedAnswer(request.zone!, [], raw);
    const checks = [check('transactionIndex', index.toString(), String(value.transactionIndex), value.transactionIndex !== null && BigInt(value.transactionIndex) === index)];
    if (typeof tag === 'bigint') checks.push(check('blockNumber', tag.toString(), String(value.blockNumber), value.blockNumber === tag));
    return checkedAnswer(request.zone!, checks, raw);
  },
});
