import { parseTxlist } from '@/lib/history/etherscan';
import { defineAction, type ParamSpec } from '../../action';
import { bad } from '../../envelope';

/** The paging parameters txlist, tokentx, txlistinternal, tokennfttx and token1155tx share. */
export const PAGING: readonly ParamSpec[] = [
  { name: 'startblock', kind: 'decimal', description: 'The first block number (inclusive).' },
  { name: 'endblock', kind: 'decimal', description: 'The last block number (inclusive).' },
  { name: 'page', kind: 'decimal', description: 'The page, from 1.' },
  { name: 'offset', kind: 'decimal', description: 'Items per page, 1 to 1000 (page × offset ≤ 10,000).' },
  { name: 'sort', kind: { oneOf: ['asc', 'desc'] }, description: 'By block, oldest first (asc, the default) or newest first.' },
];

export default defineAction({
  module: 'account',
  action: 'txlist',
  summary: "The address's transactions (sent, received, contracts it created), from the index.",
  params: [{ name: 'address', kind: 'address', required: true, description: 'The account.' }, ...PAGING],
  methods: ['GET'],
  zone: { from: 'none' },
  rateLimit: 'none',
  cache: 'per-index-version',
  envelope: 'etherscan',
  example: { address: '0x0000000000000000000000000000000000000000', page: '1', offset: '10', sort: 'desc' },
  async handle({ params }, ctx) {
    const query = parseTxlist(params);
    if (typeof query === 'string') return bad(query);
    return ctx.txlist(query);
  },
});
