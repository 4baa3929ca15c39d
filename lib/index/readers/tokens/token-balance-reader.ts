/**
 * An address's balance of one token through time, from the index's token transfers (migration 2):
 * the running sum of what it received less what it sent, one point per block that moved it,
 * oldest first. ERC-20 amounts, ERC-721 a count of tokens (each transfer moves one), ERC-1155 per id.
 */
import type { Address } from '@/lib/rpc/domain';
import type { Queryable } from '../../drivers/db';
import { hexParam } from '../../drivers/sql';
import { big, IndexRowError, text } from '../paging/row-values';

export interface TokenBalancePoint {
  readonly blockNumber: bigint;
  readonly timestamp: bigint;
  /** Its balance after the block, in the token's smallest unit (negative only for an index that starts after the token's first moves). */
  readonly balance: bigint;
}

/** The newest `limit` points of `address`'s balance of `token` (of id `tokenId`, for ERC-1155), oldest first. */
export async function tokenBalanceSeries(q: Queryable, address: Address, token: Address, tokenId: bigint | null, limit: number): Promise<TokenBalancePoint[]> {
  const rows = await q.query(
    `SELECT block_number::text AS block_number, timestamp::text AS timestamp, balance::text AS balance FROM (
        SELECT m.block_number, b.timestamp, sum(sum(m.delta)) OVER (ORDER BY m.block_number) AS balance
          FROM (SELECT t.block_number, t.chain,
                       (CASE WHEN t.recipient = decode($1, 'hex') THEN t.amount ELSE 0 END) - (CASE WHEN t.sender = decode($1, 'hex') THEN t.amount ELSE 0 END) AS delta
                  FROM address_token_transfers a
                  JOIN token_transfers t ON t.chain = a.chain AND t.block_number = a.block_number AND t.tx_index = a.tx_index
                                        AND t.log_index = a.log_index AND t.item = a.item
                 WHERE a.address = decode($1, 'hex') AND t.token = decode($2, 'hex') AND ($3::numeric IS NULL OR t.token_id = $3::numeric)) m
          JOIN blocks b ON b.chain = m.chain AND b.number = m.block_number
         GROUP BY m.block_number, b.timestamp
      ) s ORDER BY block_number DESC LIMIT $4`,
    [hexParam(address), hexParam(token), tokenId === null ? null : tokenId.toString(), Math.max(1, Math.min(2_000, Math.trunc(limit)))],
  );
  return rows
    .map((r) => {
      const balance = text(r, 'balance');
      if (!/^-?\d+$/.test(balance)) throw new IndexRowError('index row: balance is not a decimal integer');
      return { blockNumber: big(r, 'block_number'), timestamp: big(r, 'timestamp'), balance: BigInt(balance) };
    })
    .reverse();
}
