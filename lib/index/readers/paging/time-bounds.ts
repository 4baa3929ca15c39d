/**
 * A time range as a range of block numbers (migration 19's blocks_by_time): the first block at or
 * after `from` and the last before `to`, over every chain the index holds, so a list filtered by
 * date seeks to its blocks instead of reading the address's whole history. Block numbers of
 * different zones are unrelated, so the range spans each chain's: the lists still test each row's
 * timestamp, and this range only says where to look.
 */
import type { Queryable } from '../../drivers/db';
import { optionalBig } from './row-values';

export interface BlockBounds {
  /** The lowest block number any chain has at or after `from`; null when no block is that recent. */
  readonly lo: bigint | null;
  /** The highest block number any chain has before `to`; null when no block is that old. */
  readonly hi: bigint | null;
}

/** Unix seconds: `from` inclusive, `to` exclusive; either may be absent. */
export async function blockBoundsOf(q: Queryable, range: { readonly from?: bigint; readonly to?: bigint }): Promise<BlockBounds> {
  if (range.from === undefined && range.to === undefined) return { lo: null, hi: null };
  const [row] = await q.query(
    `SELECT min(f.number)::text AS lo, max(l.number)::text AS hi
       FROM (SELECT DISTINCT chain FROM index_cursor) c
       LEFT JOIN LATERAL (SELECT number FROM blocks b WHERE b.chain = c.chain AND b.timestamp >= $1
                           ORDER BY b.timestamp, b.number LIMIT 1) f ON $1::bigint IS NOT NULL
       LEFT JOIN LATERAL (SELECT number FROM blocks b WHERE b.chain = c.chain AND b.timestamp < $2
                           ORDER BY b.timestamp DESC, b.number DESC LIMIT 1) l ON $2::bigint IS NOT NULL`,
    [range.from ?? null, range.to ?? null],
  );
  return { lo: row ? optionalBig(row, 'lo') : null, hi: row ? optionalBig(row, 'hi') : null };
}
