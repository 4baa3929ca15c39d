/**
 * Blocks and the per-chain cursor. `commitBlocks` writes consecutive blocks, every derivation of
 * them and the cursor (moved to the last) in one transaction, and refuses blocks that do not
 * extend the cursor: after a crash at any moment the index holds whole blocks up to its cursor and
 * nothing above, so a restart simply continues from the cursor. Live following commits one block
 * per transaction; backfill a window of them, which spares Postgres a commit per block (the
 * guarantee is the same: a block is never stored without its cursor, nor in part).
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Hash } from '@/lib/rpc/domain';
import { RETURNS_NO_ROWS, type Queryable } from '../drivers/db';
import { byteaParam, hexCol, hexParam } from '../drivers/sql';
import { rollBackDerivation } from './declared-rollback';
import { balancePass, blockPass, tracePass, type Derivation } from './derivation';
import { minerOf, type IndexedBlock } from './indexed-block';
import { NO_READS, type NodeReads } from './node-reads';
import { StrataError } from '@/lib/protocol/errors';

/** Time spent in each derivation's write, and blocks written (bench:index prints them per block). */
export class DerivationTiming {
  readonly byName = new Map<string, { ms: number; blocks: number }>();
  add(name: string, ms: number, blocks: number): void {
    const entry = this.byName.get(name) ?? { ms: 0, blocks: 0 };
    this.byName.set(name, { ms: entry.ms + ms, blocks: entry.blocks + blocks });
  }
}

export interface Cursor {
  readonly number: bigint;
  readonly hash: Hash;
}

type Session = { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> };

/** SQLSTATE of strata_advance_cursor's refusal (migration 6). */
const CURSOR_MISMATCH = 'SX001';

/** Thrown when a block does not extend the cursor (a reorg, or another writer moved it). */
export class CursorMismatchError extends StrataError {
  override name = 'CursorMismatchError';
}

export async function readCursor(q: Queryable, chain: ChainName): Promise<Cursor | null> {
  const [row] = await q.query(`SELECT number::text AS number, ${hexCol('hash', 'hash')} FROM index_cursor WHERE chain = $1`, [chain]);
  if (!row) return null;
  return { number: BigInt(String(row.number)), hash: String(row.hash) as Hash };
}

/** Hashes of the stored blocks of `chain` from `from` to `to`, by number. */
export async function storedHashes(q: Queryable, chain: ChainName, from: bigint, to: bigint): Promise<Map<bigint, Hash>> {
  const rows = await q.query(
    `SELECT number::text AS number, ${hexCol('hash', 'hash')} FROM blocks WHERE chain = $1 AND number BETWEEN $2 AND $3`,
    [chain, from, to],
  );
  return new Map(rows.map((r) => [BigInt(String(r.number)), String(r.hash) as Hash]));
}

/**
 * Writes consecutive blocks of one chain with the block-pass derivations of `derivations` (in
 * their order, each handed its own node reads; the trace pass writes the others later, trace-pass/)
 * and moves the cursor to the last, in one transaction. The first must extend the cursor (number +
 * 1 and the cursor's hash as parent), or start an empty chain; each next one must extend the one
 * before.
 */
export async function commitBlocks(
  session: Session,
  blocks: readonly IndexedBlock[],
  derivations: readonly Derivation[],
  reads: NodeReads = NO_READS,
  timing?: DerivationTiming,
): Promise<void> {
  const first = blocks[0];
  const last = blocks[blocks.length - 1];
  if (!first || !last) return;
  blocks.forEach((block, i) => {
    const previous = blocks[i - 1];
    if (block.chain !== first.chain) throw new Error(`commitBlocks: ${block.chain} among ${first.chain} blocks`);
    if (previous && (block.number !== previous.number + 1n || block.parentHash.toLowerCase() !== previous.hash.toLowerCase())) {
      throw new CursorMismatchError(`${block.chain}: block ${block.number} does not extend block ${previous.number}`);
    }
  });
  const began = timing ? performance.now() : 0;
  await session.transaction(async (tx) => {
    // The check that the first block extends the cursor, and the cursor's move to the last, in
    // the database (migration 6): nothing here waits for an answer, so PGlite's worker gets the
    // whole transaction at once (pglite-thread.ts). A mismatch fails the transaction (SX001).
    await tx.query(`${RETURNS_NO_ROWS}SELECT strata_advance_cursor($1, $2, decode($3, 'hex'), $4, decode($5, 'hex'))`, [
      first.chain, first.number, hexParam(first.parentHash), last.number, hexParam(last.hash),
    ]);
    // One array per column (unnest), typed, so PostgreSQL reads each element as what it stores:
    // the same statement text for one block or a window of them.
    await tx.query(
      `INSERT INTO blocks (chain, number, hash, parent_hash, number_prime, number_region, timestamp, tx_count, miner,
                          block_order, gas_used, gas_limit, base_fee, difficulty, etx_count, uncle_count)
       SELECT $1, * FROM unnest($2::bigint[], $3::bytea[], $4::bytea[], $5::bigint[], $6::bigint[], $7::bigint[], $8::integer[], $9::bytea[],
                                $10::smallint[], $11::bigint[], $12::bigint[], $13::numeric[], $14::numeric[], $15::integer[], $16::integer[])`,
      [first.chain, ...blockColumns(blocks)],
    );
    for (const d of blockPass(derivations)) {
      const started = timing ? performance.now() : 0;
      await d.write(tx, blocks, reads[d.name] ?? []);
      if (timing) timing.add(d.name, performance.now() - started, blocks.length);
    }
  }).catch((error: unknown) => {
    if ((error as { code?: unknown }).code === CURSOR_MISMATCH) throw new CursorMismatchError((error as Error).message);
    throw error;
  });
  if (timing) timing.add(WHOLE_TRANSACTION, performance.now() - began, blocks.length);
}

/** The blocks insert's column arrays, built in one walk over the blocks. */
function blockColumns(blocks: readonly IndexedBlock[]): unknown[][] {
  const numbers: string[] = [];
  const hashes: (string | null)[] = [];
  const parents: (string | null)[] = [];
  const primes: string[] = [];
  const regions: string[] = [];
  const times: string[] = [];
  const counts: number[] = [];
  const miners: (string | null)[] = [];
  const facts = blockFactColumns(blocks);
  for (const b of blocks) {
    numbers.push(b.number.toString());
    hashes.push(byteaParam(b.hash));
    parents.push(byteaParam(b.parentHash));
    primes.push(b.numberPrime.toString());
    regions.push(b.numberRegion.toString());
    times.push(b.timestamp.toString());
    counts.push(b.transactions.length);
    miners.push(byteaParam(minerOf(b)));
  }
  return [numbers, hashes, parents, primes, regions, times, counts, miners, ...facts];
}

/**
 * The blocks' figures (BlockFacts) as the column arrays of block_order, gas_used, gas_limit,
 * base_fee, difficulty, etx_count and uncle_count, null for a block shaped without them: the
 * insert above writes them, and a re-read of blocks stored before them (derivations/block-facts.ts).
 */
export function blockFactColumns(blocks: readonly IndexedBlock[]): unknown[][] {
  const columns: unknown[][] = Array.from({ length: 7 }, () => []);
  for (const b of blocks) {
    const f = b.facts;
    const values = f
      ? [f.order, f.gasUsed.toString(), f.gasLimit.toString(), f.baseFee.toString(), f.difficulty.toString(), f.etxCount, f.uncleCount]
      : [null, null, null, null, null, null, null];
    values.forEach((v, i) => columns[i]!.push(v));
  }
  return columns;
}

/** DerivationTiming's entry for whole write transactions (blocks, derivations, cursor, commit). */
export const WHOLE_TRANSACTION = 'whole transaction';

/**
 * Keeps the blocks of `chain` above `number` in reorged_blocks (migration 20), each with the hash
 * the node has at its height (`replacedBy`, when known): what the index saw replaced. A block
 * replaced again after the chain came back to it keeps one row, with the latest replacement.
 */
const RECORD_REPLACED = `
  INSERT INTO reorged_blocks (chain, number, hash, parent_hash, number_prime, number_region, block_order, timestamp, tx_count, miner, replaced_by)
  SELECT b.chain, b.number, b.hash, b.parent_hash, b.number_prime, b.number_region, b.block_order, b.timestamp, b.tx_count, b.miner, r.hash
    FROM blocks b LEFT JOIN unnest($3::bigint[], $4::bytea[]) AS r(number, hash) ON r.number = b.number AND r.hash <> b.hash
   WHERE b.chain = $1 AND b.number > $2
  ON CONFLICT (chain, number, hash) DO UPDATE SET replaced_by = EXCLUDED.replaced_by, replaced_at = now()`;

/**
 * Removes every block of `chain` above `number` with what `derivations` made of them (both
 * passes'), last derivation first (declared-rollback.ts), and moves the block cursor back to
 * `number` (or removes it when `number` is below the first stored block), the trace cursor with it
 * when it was above (and the blocks it marked untraced there) and the balance pass's cursors: those
 * passes then read the blocks the block pass stores there next. The removed blocks are kept in
 * reorged_blocks with what the node has at their heights (`replacedBy`, the hashes the follower
 * compared), in the same transaction.
 */
export async function rollbackTo(
  session: Session,
  chain: ChainName,
  number: bigint,
  derivations: readonly Derivation[],
  replacedBy: ReadonlyMap<bigint, Hash> = new Map(),
): Promise<void> {
  await session.transaction(async (tx) => {
    const heights = [...replacedBy.keys()].filter((n) => n > number);
    await tx.query(RECORD_REPLACED, [chain, number, heights.map(String), heights.map((n) => byteaParam(replacedBy.get(n) ?? null))]);
    for (const d of [...derivations].reverse()) await rollBackDerivation(tx, d, chain, number);
    // Blocks above `number` are written again by the follower with every derivation: a re-read
    // still pending for them must not write them a second time.
    await tx.query('UPDATE index_rereads SET through = $2 WHERE chain = $1 AND through > $2', [chain, number]);
    await tx.query('DELETE FROM index_rereads WHERE chain = $1 AND next > through', [chain]);
    await tx.query('DELETE FROM blocks WHERE chain = $1 AND number > $2', [chain, number]);
    const [kept] = await tx.query(`SELECT ${hexCol('hash', 'hash')} FROM blocks WHERE chain = $1 AND number = $2`, [chain, number]);
    if (kept) {
      await tx.query(`UPDATE index_cursor SET number = $2, hash = decode($3, 'hex'), updated_at = now() WHERE chain = $1`, [
        chain, number, hexParam(String(kept.hash)),
      ]);
    } else {
      await tx.query('DELETE FROM index_cursor WHERE chain = $1', [chain]);
    }
    if (tracePass(derivations).length > 0) {
      if (kept) await tx.query('UPDATE index_trace_cursor SET number = $2, updated_at = now() WHERE chain = $1 AND number > $2', [chain, number]);
      else await tx.query('DELETE FROM index_trace_cursor WHERE chain = $1', [chain]);
      await tx.query('DELETE FROM untraced_blocks WHERE chain = $1 AND block_number > $2', [chain, number]);
    }
    if (balancePass(derivations).length > 0) {
      if (kept) {
        await tx.query(
          `UPDATE index_balance_cursor SET number = CASE WHEN number > $2 THEN $2 ELSE number END,
                  internal = CASE WHEN internal > $2 THEN $2 ELSE internal END, updated_at = now()
            WHERE chain = $1 AND (number > $2 OR internal > $2)`,
          [chain, number],
        );
      } else {
        await tx.query('DELETE FROM index_balance_cursor WHERE chain = $1', [chain]);
      }
    }
  });
}
