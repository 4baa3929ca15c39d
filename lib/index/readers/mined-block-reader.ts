/** The blocks (or uncles) an address mined, newest first, from mined_blocks (migration 14). */
import type { ChainName } from '@/lib/chains';
import type { Address } from '@/lib/rpc/domain';
import type { Queryable } from '../drivers/db';
import { hexParam } from '../drivers/sql';
import { big, chainName, integer, text } from './row-values';

export interface MinedBlockItem {
  readonly chain: ChainName;
  /** The block, or for an uncle the block that includes it. */
  readonly blockNumber: bigint;
  readonly timestamp: bigint;
  /** The uncle's position in that block; null for the block itself. */
  readonly uncle: number | null;
}

export async function minedBlocksOf(
  q: Queryable,
  miner: Address,
  options: { readonly uncles: boolean; readonly offset: number; readonly limit: number },
): Promise<MinedBlockItem[]> {
  const rows = await q.query(
    `SELECT m.chain, m.block_number::text AS block_number, m.uncle, b.timestamp::text AS timestamp
       FROM mined_blocks m JOIN blocks b ON b.chain = m.chain AND b.number = m.block_number
      WHERE m.miner = decode($1, 'hex') AND ${options.uncles ? 'm.uncle >= 0' : 'm.uncle = -1'}
      ORDER BY m.block_number DESC, m.chain, m.uncle LIMIT $2 OFFSET $3`,
    [hexParam(miner), options.limit, options.offset],
  );
  return rows.map((row) => {
    const uncle = integer(row, 'uncle');
    return { chain: chainName(text(row, 'chain'), 'chain')!, blockNumber: big(row, 'block_number'), timestamp: big(row, 'timestamp'), uncle: uncle < 0 ? null : uncle };
  });
}
