import { checkTxByHash } from '@/lib/checks/tx-answer';
import { parseTransaction } from '@/lib/rpc/parse/transaction';
import { askNode, checkedAnswer, proxyAction, zoneClient } from '../../proxy';
import { hashParam } from '../../params';

export default proxyAction({
  action: 'eth_getTransactionByHash',
  summary: 'A transaction by hash (quai_getTransactionByHash), checked: its hash is the one asked.',
  params: [{ name: 'txhash', kind: 'hash', required: true, description: 'The transaction hash.' }],
  cache: 'when-final',
  example: { txhash: `0x${'00'.repeat(32)}` },
  async handle(request, ctx) {
    const txhash = hashParam(request.params, 'txhash')!;
    const { raw, value } = await askNode(zoneClient(request, ctx), 'getTransactionByHash', [txhash], (r) => (r === null ? null : parseTransaction(r)));
    return checkedAnswer(request.zone!, value === null ? [] : checkTxByHash(txhash, value, null), raw);
  },
});
