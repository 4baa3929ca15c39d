import { parseTxlistInternal } from '@/lib/history/etherscan-internal';
import { defineAction } from '../../action';
import { bad } from '../../envelope';
import { PAGING } from './txlist';

export default defineAction({
  module: 'account',
  action: 'txlistinternal',
  summary: 'Internal transfers (calls with value, creations, self-destructs) from the index, by address or by txhash.',
  params: [
    { name: 'address', kind: 'address', description: 'The account (or give txhash).' },
    { name: 'txhash', kind: 'hash', description: 'Every internal transfer of this transaction.' },
    ...PAGING,
  ],
  methods: ['GET'],
  zone: { from: 'none' },
  rateLimit: 'none',
  cache: 'per-index-version',
  envelope: 'etherscan',
  example: { address: '0x0000000000000000000000000000000000000000', page: '1', offset: '10' },
  async handle({ params }, ctx) {
    const query = parseTxlistInternal(params);
    if (typeof query === 'string') return bad(query);
    return ctx.txlistInternal(query);
  },
});
