/**
 * The trace pass's side of the database: its cursor (index_trace_cursor, migration 9), the stored
 * blocks it reads, `commitTraced`, which writes the trace-pass derivations of consecutive
 * stored blocks and moves the trace cursor over them in one transaction, and `commitUntraced`,
 * which moves it over a block the node could not trace, marking it (untraced_blocks, migration
 * 17). As the block pass's commitBlocks, a kill -9 at any moment leaves whole windows: the trace
 * cursor names the last block whose trace rows are all written (or that is marked), and a restart
 * goes on from the block after it.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Hash } from '@/lib/rpc/domain';
import { StrataError } from '@/lib/protocol/errors';
import { RETURNS_NO_ROWS, type Queryable } from '../../drivers/db';
import { hexCol, hexParam } from '../../drivers/sql';
import type { DerivationTiming } from '../block-store';
import type { StoredBlock, TraceDerivation } from '../derivation';
import type { IndexedBlock } from '../indexed-block';
import type { NodeReads } from '../node-reads';

type Session = { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> };

/** SQLSTATE of strata_advance_trace_cursor's refusal (migration 9). */
const TRACE_CURSOR_MISMATCH = 'SX002';

/** Thrown when traced blocks do not follow the trace cursor, or are no longer the stored ones (a rollback meanwhile). */
export class TraceCursorMismatchError extends StrataError {
  override name = 'TraceCursorMismatchError';
}

/** Where a chain's trace pass stands: the last traced block (null: none yet) and why it waits, if it does. */
export interface TraceCursor {
  readonly number: bigint | null;
  readonly stalled: string | null;
}

export async function readTraceCursor(q: Queryable, chain: ChainName): Promise<TraceCursor> {
  const [row] = await q.query('SELECT number::text AS number, stalled FROM index_trace_cursor WHERE chain = $1', [chain]);
  return { number: row && row.number !== null ? BigInt(String(row.number)) : null, stalled: row && row.stalled !== null ? String(row.stalled) : null };
}

/** The first block of `chain` the block pass stored (where a trace pass without a cursor starts), or null. */
export async function firstStoredBlock(q: Queryable, chain: ChainName): Promise<bigint | null> {
  const [row] = await q.query('SELECT min(number)::text AS number FROM blocks WHERE chain = $1', [chain]);
  return row && row.number !== null ? BigInt(String(row.number)) : null;
}

/** Stored blocks `from..to` of `chain`, in order (fewer when the block pass has not stored them all). */
export async function readStoredBlocks(q: Queryable, chain: ChainName, from: bigint, to: bigint): Promise<StoredBlock[]> {
  const rows = await q.query(
    `SELECT number::text AS number, ${hexCol('hash', 'hash')}, ${hexCol('parent_hash', 'parent')}, timestamp::text AS timestamp, tx_count
       FROM blocks b WHERE chain = $1 AND number BETWEEN $2 AND $3 ORDER BY b.number`,
    [chain, from, to],
  );
  return rows.map((r) => ({
    chain, number: BigInt(String(r.number)), hash: String(r.hash) as Hash, parentHash: String(r.parent) as Hash,
    timestamp: BigInt(String(r.timestamp)), transactionCount: Number(r.tx_count),
  }));
}

/** A fetched block as the block pass stores it (the re-reader hands trace-pass derivations these). */
export function storedBlockOf(block: IndexedBlock): StoredBlock {
  return {
    chain: block.chain, number: block.number, hash: block.hash.toLowerCase() as Hash, parentHash: block.parentHash.toLowerCase() as Hash,
    timestamp: block.timestamp, transactionCount: block.transactions.length,
  };
}

/**
 * Writes the trace-pass derivations of consecutive stored blocks of one chain and moves the trace
 * cursor to the last, in one transaction: the first must follow the trace cursor (or be the
 * chain's first stored block when nothing is traced), and every block must still be stored with
 * its hash (TraceCursorMismatchError otherwise; nothing is written). `rate` is recorded beside the
 * cursor for readers in other processes.
 */
export async function commitTraced(
  session: Session,
  blocks: readonly StoredBlock[],
  derivations: readonly TraceDerivation[],
  reads: NodeReads,
  rate: number,
  timing?: DerivationTiming,
): Promise<void> {
  const first = blocks[0];
  if (!first) return;
  await session.transaction(async (tx) => {
    // Checked and moved in the database (migration 9), so the transaction is posted without a round trip.
    await tx.query(`${RETURNS_NO_ROWS}SELECT strata_advance_trace_cursor($1, $2, $3::text[], $4)`, [
      first.chain, first.number, blocks.map((b) => hexParam(b.hash)), rate,
    ]);
    for (const d of derivations) {
      const started = timing ? performance.now() : 0;
      await d.write(tx, blocks, reads[d.name] ?? []);
      if (timing) timing.add(d.name, performance.now() - started, blocks.length);
    }
  }).catch((error: unknown) => {
    if ((error as { code?: unknown }).code === TRACE_CURSOR_MISMATCH) throw new TraceCursorMismatchError((error as Error).message);
    throw error;
  });
}

/**
 * Records why the trace pass of `chain` cannot go on (the node does not serve its reads), or
 * clears it (null), for the status of any process.
 */
export async function markStalled(q: Queryable, chain: ChainName, reason: string | null): Promise<void> {
  await q.query(
    `INSERT INTO index_trace_cursor (chain, number, stalled) VALUES ($1, NULL, $2)
     ON CONFLICT (chain) DO UPDATE SET stalled = EXCLUDED.stalled, updated_at = now()`,
    [chain, reason],
  );
}

/** A block the trace pass gave up on, and why. */
export interface UntracedMark {
  readonly reason: string;
  /** How many times the node was asked. */
  readonly attempts: number;
}

/**
 * Moves the trace cursor over `block`, which the node could not trace, and marks it untraced with
 * why, in one transaction; no trace-pass derivation writes anything for it. As commitTraced, the
 * block must follow the trace cursor and still be stored with its hash (TraceCursorMismatchError).
 */
export async function commitUntraced(session: Session, block: StoredBlock, mark: UntracedMark, rate: number): Promise<void> {
  await session.transaction(async (tx) => {
    await tx.query(`${RETURNS_NO_ROWS}SELECT strata_advance_trace_cursor($1, $2, $3::text[], $4)`, [block.chain, block.number, [hexParam(block.hash)], rate]);
    await tx.query(
      `INSERT INTO untraced_blocks (chain, block_number, block_hash, reason, attempts) VALUES ($1, $2, decode($3, 'hex'), $4, $5)
       ON CONFLICT (chain, block_number) DO UPDATE SET block_hash = EXCLUDED.block_hash, reason = EXCLUDED.reason, attempts = EXCLUDED.attempts, marked_at = now()`,
      [block.chain, block.number, hexParam(block.hash), mark.reason, mark.attempts],
    );
  }).catch((error: unknown) => {
    if ((error as { code?: unknown }).code === TRACE_CURSOR_MISMATCH) throw new TraceCursorMismatchError((error as Error).message);
    throw error;
  });
}
