/**
 * A token's holders a page at a time, by position (Etherscan's `tokenholderlist`, page × offset):
 * each address's received minus sent over the token's transfers in its own zone up to `height`
 * (the index's cursor there, so every page of one listing counts the same blocks), largest first,
 * the zero address (mints, burns) left out. The sum reads every transfer of the token: the token
 * index's seek, then its rows.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Address } from '@/lib/rpc/domain';
import type { Queryable } from '../../drivers/db';
import { hexCol, hexParam } from '../../drivers/sql';
import { big, text } from '../paging/row-values';
import type { Holder } from './token-transfer-reader';

export async function tokenHolderSlice(
  q: Queryable,
  token: Address,
  at: { readonly chain: ChainName; readonly height: bigint },
  page: { readonly offset: number; readonly limit: number },
): Promise<Holder[]> {
  const rows = await q.query(
    `SELECT ${hexCol('address', 'address')}, sum(delta)::text AS balance FROM (
        SELECT recipient AS address, amount AS delta FROM token_transfers WHERE token = decode($1, 'hex') AND chain = $2 AND block_number <= $3
        UNION ALL
        SELECT sender AS address, -amount AS delta FROM token_transfers WHERE token = decode($1, 'hex') AND chain = $2 AND block_number <= $3
      ) moves
      WHERE address <> decode($4, 'hex')
      GROUP BY address HAVING sum(delta) > 0
      ORDER BY sum(delta) DESC, address LIMIT $5 OFFSET $6`,
    [hexParam(token), at.chain, at.height, '00'.repeat(20), page.limit, page.offset],
  );
  return rows.map((row) => ({ address: text(row, 'address') as Address, balance: big(row, 'balance') }));
}
