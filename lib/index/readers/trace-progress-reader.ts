/**
 * How far the trace pass is, per chain, beside the block pass (migration 9's index_trace_cursor
 * and index_cursor): what the index status reports, and what the internal-transfer lists say
 * while the traces are behind ("traced through block N").
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Hash } from '@/lib/rpc/domain';
import type { Queryable } from '../drivers/db';
import { hexParam } from '../drivers/sql';
import { big, chainName, optionalBig, optionalText, text } from './paging/row-values';

export interface TraceProgressRow {
  readonly chain: ChainName;
  /** The block cursor: the last block stored by the block pass. */
  readonly indexed: bigint;
  /** The trace cursor: the last stored block whose traces are written too; null before the first. */
  readonly traced: bigint | null;
  /** The first stored block of the chain (where a trace pass without a cursor starts). */
  readonly firstStored: bigint | null;
  /** Blocks traced per second, as the writer last recorded it. */
  readonly rate: number | null;
  /** Why the trace pass waits (the node does not trace), while it does. */
  readonly stalled: string | null;
}

/** What an internal-transfer list says while the trace pass of its chain is behind. */
export interface TraceBehind {
  readonly chain: ChainName;
  /** The last block traced (null: none yet); internal transfers after it are not listed yet. */
  readonly tracedThrough: bigint | null;
  /** The last block the index holds. */
  readonly indexedThrough: bigint;
  /** Blocks stored and not traced yet. */
  readonly blocks: number;
  /** Why the trace pass waits (the node does not trace), or null while it is simply behind. */
  readonly stalled: string | null;
}

/** Every chain with a block cursor, with its trace cursor. */
export async function traceProgress(q: Queryable): Promise<Map<ChainName, TraceProgressRow>> {
  const rows = await q.query(
    `SELECT c.chain, c.number::text AS indexed, t.number::text AS traced, t.rate, t.stalled,
            (SELECT min(b.number) FROM blocks b WHERE b.chain = c.chain)::text AS first_stored
       FROM index_cursor c LEFT JOIN index_trace_cursor t ON t.chain = c.chain`,
  );
  return new Map(
    rows.map((r) => {
      const chain = chainName(text(r, 'chain'), 'chain') as ChainName;
      return [chain, {
        chain, indexed: big(r, 'indexed'), traced: optionalBig(r, 'traced'), firstStored: optionalBig(r, 'first_stored'),
        rate: r.rate === null || r.rate === undefined ? null : Number(r.rate), stalled: optionalText(r, 'stalled'),
      }];
    }),
  );
}

/** The blocks stored and not traced yet, or null when the trace pass is at the block cursor. */
export function traceBehind(row: TraceProgressRow): TraceBehind | null {
  const below = row.traced ?? (row.firstStored === null ? row.indexed : row.firstStored - 1n);
  if (below >= row.indexed) return null;
  return { chain: row.chain, tracedThrough: row.traced, indexedThrough: row.indexed, blocks: Number(row.indexed - below), stalled: row.stalled };
}

/** Where the trace pass of `chain` is behind, or null (caught up, or nothing stored). */
export async function traceBehindOf(q: Queryable, chain: ChainName): Promise<TraceBehind | null> {
  const row = (await traceProgress(q)).get(chain);
  return row ? traceBehind(row) : null;
}

/** Where the trace pass of a stored transaction's zone is behind its block, or null (traced, or not stored). */
export async function traceBehindOfTx(q: Queryable, hash: Hash): Promise<TraceBehind | null> {
  const [row] = await q.query(`SELECT chain, block_number::text AS block_number FROM transactions WHERE hash = decode($1, 'hex') LIMIT 1`, [hexParam(hash)]);
  if (!row) return null;
  const behind = await traceBehindOf(q, chainName(text(row, 'chain'), 'chain') as ChainName);
  return behind && (behind.tracedThrough ?? -1n) < big(row, 'block_number') ? behind : null;
}
