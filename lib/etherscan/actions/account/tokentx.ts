import { parseTxlist } from '@/lib/history/etherscan';
import { defineAction } from '../../action';
import { bad } from '../../envelope';
import { PAGING } from './txlist';

export default defineAction({
  module: 'account',
  action: 'tokentx',
  summary: "The address's token transfers of every standard (tokenType says which), from the index; contractaddress narrows them to one token.",
  params: [
    { name: 'address', kind: 'address', required: true, description: 'The account.' },
    { name: 'contractaddress', kind: 'address', description: 'Only the transfers of this token.' },
    ...PAGING,
  ],
  methods: ['GET'],
  zone: { from: 'none' },
  rateLimit: 'none',
  cache: 'per-index-version',
  envelope: 'etherscan',
  example: { address: '0x0000000000000000000000000000000000000000', page: '1', offset: '10' },
  async handle({ params }, ctx) {
    const query = parseTxlist(params);
    if (typeof query === 'string') return bad(query);
    return ctx.txlist(query);
  },
});
