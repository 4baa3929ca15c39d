/**
 * The balance pass's side of the database: its cursor, one per stage (index_balance_cursor,
 * migration 22), and `commitBalances`, which writes the balance-pass derivations of consecutive
 * stored blocks for one stage and moves that stage's cursor over them in one transaction. As the
 * other passes' commits, a kill -9 at any moment leaves whole windows: each stage's cursor names
 * the last block whose rows of that stage are all written, and a restart goes on from the next.
 */
import type { ChainName } from '@/lib/protocol/chains';
import { StrataError } from '@/lib/protocol/errors';
import { RETURNS_NO_ROWS, type Queryable } from '../../drivers/db';
import { hexParam } from '../../drivers/sql';
import type { DerivationTiming } from '../block-store';
import type { BalanceDerivation, BalanceStage, StoredBlock } from '../derivation';
import type { NodeReads } from '../node-reads';

type Session = { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> };

/** SQLSTATE of strata_advance_balance_cursor's refusal (migration 22). */
const BALANCE_CURSOR_MISMATCH = 'SX003';

/** Thrown when blocks do not follow a stage's cursor, or are no longer the stored ones (a rollback meanwhile). */
export class BalanceCursorMismatchError extends StrataError {
  override name = 'BalanceCursorMismatchError';
}

/** Where each stage of a chain's balance pass stands: the last block it wrote (null: none yet). */
export type BalanceCursor = { readonly [S in BalanceStage]: bigint | null };

export async function readBalanceCursor(q: Queryable, chain: ChainName): Promise<BalanceCursor> {
  const [row] = await q.query('SELECT number::text AS parties, internal::text AS internal FROM index_balance_cursor WHERE chain = $1', [chain]);
  const big = (v: unknown): bigint | null => (v === null || v === undefined ? null : BigInt(String(v)));
  return { parties: big(row?.parties), internal: big(row?.internal) };
}

/**
 * Writes `stage`'s rows of the balance-pass derivations for consecutive stored blocks of one chain
 * and moves that stage's cursor to the last, in one transaction: the first must follow the
 * stage's cursor (or be the chain's first stored block when it has none), and every block must
 * still be stored with its hash (BalanceCursorMismatchError otherwise; nothing is written).
 * `rate` (the parties stage's blocks per second) is recorded for readers in other processes.
 */
export async function commitBalances(
  session: Session,
  stage: BalanceStage,
  blocks: readonly StoredBlock[],
  derivations: readonly BalanceDerivation[],
  reads: NodeReads,
  rate: number,
  timing?: DerivationTiming,
): Promise<void> {
  const first = blocks[0];
  if (!first) return;
  await session.transaction(async (tx) => {
    await tx.query(`${RETURNS_NO_ROWS}SELECT strata_advance_balance_cursor($1, $2, $3, $4::text[], $5)`, [
      first.chain, stage, first.number, blocks.map((b) => hexParam(b.hash)), rate,
    ]);
    for (const d of derivations) {
      const started = timing ? performance.now() : 0;
      await d.write(tx, stage, blocks, reads[d.name] ?? []);
      if (timing) timing.add(d.name, performance.now() - started, blocks.length);
    }
  }).catch((error: unknown) => {
    if ((error as { code?: unknown }).code === BALANCE_CURSOR_MISMATCH) throw new BalanceCursorMismatchError((error as Error).message);
    throw error;
  });
}
