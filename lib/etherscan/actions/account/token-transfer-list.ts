import { parseTxlist } from '@/lib/history/etherscan';
import { defineAction } from '../../action';
import { bad } from '../../envelope';
import { PAGING } from './txlist';

/**
 * tokentx, tokennfttx and token1155tx: one query of the index's token transfers, told apart by
 * the action's name (parseTxlist reads it to choose the standards listed).
 */
export function tokenTransferAction(action: 'tokentx' | 'tokennfttx' | 'token1155tx', summary: string) {
  return defineAction({
    module: 'account',
    action,
    summary,
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
}
