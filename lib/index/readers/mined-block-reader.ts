/** The blocks (or uncles) an address mined, newest first: blocks.miner (migration 15), mined_blocks for uncles (14). */
import type { ChainName } from '@/lib/protocol/chains';
import type { Address } from '@/lib/rpc/domain';
import type { Queryable } from '../drivers/db';
import { hexParam } from '../drivers/sql';
import { big, chainName, integer, text } from './paging/row-values';

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
  // A block's miner is its own row's (blocks_by_miner, newest first); an uncle's, mined_blocks'.
  const sql = options.uncles
    ? `SELECT m.chain, m.block_number::text AS block_number, m.uncle, b.timestamp::text AS timestamp
         FROM mined_blocks m JOIN blocks b ON b.chain = m.chain AND b.number = m.block_number
        WHERE m.miner = decode($1, 'hex')
        ORDER BY m.block_number DESC, m.chain, m.uncle LIMIT $2 OFFSET $3`
    : `SELECT chain, number::text AS block_number, NULL::integer AS uncle, timestamp::text AS timestamp
         FROM blocks WHERE miner = decode($1, 'hex')
        ORDER BY number DESC, chain LIMIT $2 OFFSET $3`;
  const rows = await q.query(sql, [hexParam(miner), options.limit, options.offset]);
  return rows.map((row) => ({
    chain: chainName(text(row, 'chain'), 'chain')!,
    blockNumber: big(row, 'block_number'),
    timestamp: big(row, 'timestamp'),
    uncle: row.uncle === null ? null : integer(row, 'uncle'),
  }));
}
