import { check, sameHex } from '@/lib/checks/answer';
import { parseReceipt } from '@/lib/rpc/parse/receipt';
import { askNode, checkedAnswer, proxyAction, zoneClient } from '../../proxy';
import { hashParam } from '../../params';

export default proxyAction({
  action: 'eth_getTransactionReceipt',
  summary: "A transaction's receipt (quai_getTransactionReceipt), checked: it is the receipt of the transaction asked.",
  params: [{ name: 'txhash', kind: 'hash', required: true, description: 'The transaction hash.' }],
  cache: 'when-final',
  example: { txhash: `0x${'00'.repeat(32)}` },
  async handle(request, ctx) {
    const txhash = hashParam(request.params, 'txhash')!;
    const { raw, value } = await askNode(zoneClient(request, ctx), 'getTransactionReceipt', [txhash], (r) => (r === null ? null : parseReceipt(r)));
    return checkedAnswer(request.zone!, value === null ? [] : [check('transactionHash', txhash, value.transactionHash, sameHex(value.transactionHash, txhash))], raw);
  },
});
