/**
 * The blocks the trace pass left untraced (migration 18's untraced_blocks): the node could not
 * trace them within the pass's budget, so their internal transfers are not in the index. What the
 * index status lists per chain, and what a block's or a transaction's page says about its block.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Hash } from '@/lib/rpc/domain';
import type { Queryable, Row } from '../drivers/db';
import { hexCol, hexParam } from '../drivers/sql';
import { big, chainName, integer, text } from './paging/row-values';

export interface UntracedBlock {
  readonly chain: ChainName;
  readonly number: bigint;
  readonly hash: Hash;
  readonly reason: string;
  readonly attempts: number;
}

/** How many blocks of each chain are untraced, and the newest `newest` of them, newest first. */
export async function untracedBlocks(q: Queryable, newest = 10): Promise<Map<ChainName, { readonly count: number; readonly newest: readonly UntracedBlock[] }>> {
  const rows = await q.query(
    `SELECT * FROM (
       SELECT u.chain, u.block_number::text AS number, ${hexCol('u.block_hash', 'hash')}, u.reason, u.attempts,
              count(*) OVER (PARTITION BY u.chain)::int AS count,
              row_number() OVER (PARTITION BY u.chain ORDER BY u.block_number DESC) AS rank
         FROM untraced_blocks u
     ) r WHERE r.rank <= $1 ORDER BY r.chain, r.number::bigint DESC`,
    [newest],
  );
  const out = new Map<ChainName, { count: number; newest: UntracedBlock[] }>();
  for (const r of rows) {
    const block = toBlock(r);
    const entry = out.get(block.chain) ?? { count: integer(r, 'count'), newest: [] };
    entry.newest.push(block);
    out.set(block.chain, entry);
  }
  return out;
}

/** The mark of block `number` of `chain` when the trace pass left it untraced (and it is still the block `hash`, when given). */
export async function untracedMark(q: Queryable, chain: ChainName, number: bigint, hash?: Hash): Promise<UntracedBlock | null> {
  const [row] = await q.query(
    `SELECT u.chain, u.block_number::text AS number, ${hexCol('u.block_hash', 'hash')}, u.reason, u.attempts
       FROM untraced_blocks u WHERE u.chain = $1 AND u.block_number = $2${hash ? ` AND u.block_hash = decode($3, 'hex')` : ''}`,
    hash ? [chain, number, hexParam(hash)] : [chain, number],
  );
  return row ? toBlock(row) : null;
}

function toBlock(r: Row): UntracedBlock {
  return {
    chain: chainName(text(r, 'chain'), 'chain') as ChainName, number: big(r, 'number'), hash: text(r, 'hash') as Hash,
    reason: text(r, 'reason'), attempts: integer(r, 'attempts'),
  };
}

/** The mark of the block a stored transaction is in, when the trace pass left that block untraced. */
export async function untracedMarkOfTx(q: Queryable, txHash: Hash): Promise<UntracedBlock | null> {
  const [row] = await q.query(
    `SELECT u.chain, u.block_number::text AS number, ${hexCol('u.block_hash', 'hash')}, u.reason, u.attempts
       FROM transactions x JOIN untraced_blocks u ON u.chain = x.chain AND u.block_number = x.block_number
      WHERE x.hash = decode($1, 'hex') LIMIT 1`,
    [hexParam(txHash)],
  );
  return row ? toBlock(row) : null;
}
