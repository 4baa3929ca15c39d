/**
 * A per-block derivation: rows the index derives from each block, removed when the block is
 * rolled back. The engine is handed the list of them (derivations/index.ts assembles the index's
 * own; the engine imports none): it owns ordering, the cursors, checkpoints and rollbacks, so
 * adding a table is adding a derivation, not editing the engine (docs/indexer.md, "Adding a
 * derivation").
 *
 * A derivation declares what the engine needs to run it: which pass writes it and so what it
 * reads, the tables it writes and how their rows of a rolled-back block are found, what else it
 * reads from the node (node-reads.ts), and the migration that created its tables. Two passes
 * follow each chain, each with its own cursor:
 *
 * - the block pass (`pass` absent or 'block'): the derivation reads the block and its receipts
 *   (IndexedBlock) and is written in the transaction that stores the block and moves the block
 *   cursor, at the node's block speed;
 * - the trace pass (`pass: 'trace'`): the derivation reads a block the block pass stored
 *   (StoredBlock; the stored rows of other derivations are there to query) and what its node
 *   reads give (the node's traces), and is written behind the block pass, in the trace pass's own
 *   transactions with the trace cursor, never ahead of the block cursor and never holding it back
 *   (trace-pass/trace-follower.ts);
 * - the balance pass (`pass: 'balance'`): like the trace pass, from stored blocks and its node
 *   reads (balances), behind the block pass, in its own transactions with its own cursor
 *   (balance-pass/balance-follower.ts).
 *
 * `write` takes consecutive blocks of one chain (one during live following, a window during a
 * backfill) so it can insert them in a few multi-row statements.
 *
 * `since` is the migration that created the derivation's tables. An index that already held
 * blocks when that migration was applied lacks the derivation's rows for them;
 * migrations/migrate.ts then records the range per chain (index_rereads) and the rereader
 * (rereader.ts) fetches those blocks again and writes only the missing derivations' rows.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Hash } from '@/lib/rpc/domain';
import type { Queryable } from '../drivers/db';
import type { IndexedBlock } from './indexed-block';
import type { NodeReader } from './node-reads';

/** A table a derivation writes, and how the engine removes its rows of blocks above a height. */
export type DerivedTable =
  /** Each row carries its block's `chain` and `block_number`: the rows above the height are deleted. */
  | { readonly name: string; readonly rows: 'of-block' }
  /**
   * One row per party (address) of a row of `parent`, under a primary key led by the address (the
   * order an address's page reads). Found through the parent's rows above the height, which are
   * deleted after it, so no second index is kept just for rollbacks: `addresses` are the parent's
   * columns a party can be, `key` the columns both tables share that name one parent row.
   */
  | {
      readonly name: string;
      readonly rows: 'of-parties';
      readonly parent: string;
      readonly addresses: readonly string[];
      readonly key: readonly string[];
    }
  /** Running totals: the derivation's own `rollback` takes back what the blocks above the height added. */
  | { readonly name: string; readonly rows: 'totals' };

/**
 * A block as the block pass stored it (the `blocks` row): what a trace-pass derivation is handed.
 * Its transactions are in the rows the block-pass derivations wrote (`transactions`), which a
 * trace-pass derivation's node reads may query.
 */
export interface StoredBlock {
  readonly chain: ChainName;
  readonly number: bigint;
  readonly hash: Hash;
  readonly parentHash: Hash;
  readonly timestamp: bigint;
  readonly transactionCount: number;
}

/** The pass that writes a derivation (Derivation.pass). */
export type Pass = 'block' | 'trace' | 'balance';

/** What every derivation declares, whichever pass writes it. */
interface DerivationBase {
  readonly name: string;
  /** The migration that introduced its tables (1 for the history, which every index has). */
  readonly since: number;
  /**
   * false when `since`'s migration fills the derivation from rows the index already holds (SQL,
   * no node): then nothing is re-read for it. Daily stats do this (migration 5).
   */
  readonly rereads?: false;
  /**
   * The tables it writes, each parent before the tables found through it. A rollback deletes
   * their rows of the blocks above its height in reverse order, after `rollback` ran.
   */
  readonly tables: readonly DerivedTable[];
  /**
   * Takes back what blocks of `chain` above `number` added to rows no declaration can remove
   * (running totals). Runs first, while those blocks' rows (this derivation's, and those of the
   * derivations before it in the list) are all still there to say what they had added.
   */
  rollback?(tx: Queryable, chain: ChainName, number: bigint): Promise<void>;
  /**
   * Rows of the derivations named in `reread` were just written by a re-read (rereader.ts) for
   * `blocks`, which this derivation had written without them: it adds what they contribute.
   */
  afterReread?(tx: Queryable, blocks: readonly IndexedBlock[], reread: readonly string[]): Promise<void>;
}

/**
 * Written by the block pass, from the block and its receipts. `Fact` is what its node reader
 * gives (never for a derivation without one); the engine passes a derivation only the facts of
 * its own reader, found by its name.
 */
export interface BlockDerivation<Fact = unknown> extends DerivationBase {
  /** The block pass (the default). */
  readonly pass?: 'block';
  /** What it needs from the node beyond blocks and receipts, read before the write transaction. */
  readonly nodeReads?: NodeReader<Fact, IndexedBlock>;
  /** Inserts its rows for `blocks`, in the transaction that writes them and moves the block cursor. */
  write(tx: Queryable, blocks: readonly IndexedBlock[], facts: readonly Fact[]): Promise<void>;
  /**
   * What a re-read (rereader.ts) writes for `blocks`, already stored without this derivation, when
   * that is more than `write`: part of what it derives may be written with the block itself (a
   * column of `blocks`), which the stored row then lacks. `write` when absent.
   */
  reread?(tx: Queryable, blocks: readonly IndexedBlock[], facts: readonly Fact[]): Promise<void>;
}

/**
 * Written by the trace pass, behind the block pass, from stored blocks and its node reads (the
 * node's traces). Its node reader may throw UnservedReadError (node-reads.ts) when the node does
 * not serve what it reads: the pass then waits, says why, and asks again later.
 */
export interface TraceDerivation<Fact = unknown> extends DerivationBase {
  readonly pass: 'trace';
  readonly nodeReads: NodeReader<Fact, StoredBlock>;
  /** Inserts its rows for `blocks`, in the transaction that moves the trace cursor over them. */
  write(tx: Queryable, blocks: readonly StoredBlock[], facts: readonly Fact[]): Promise<void>;
}

/**
 * The balance pass's two stages (balance-pass/): `parties` reads the balances of what blocks and
 * receipts name (senders, recipients, created contracts, miners), right behind the block pass;
 * `internal` those of internal transfers' parties the first stage did not read, behind the trace
 * pass. Each has its own cursor; a block is complete once both passed it.
 */
export type BalanceStage = 'parties' | 'internal';

/**
 * Written by the balance pass, behind the block pass (and, for its internal stage, the trace
 * pass), from stored blocks and what its node reads give per stage (the node's balances).
 */
export interface BalanceDerivation<Fact = unknown> extends DerivationBase {
  readonly pass: 'balance';
  readonly nodeReads: { readonly [S in BalanceStage]: NodeReader<Fact, StoredBlock> };
  /** Inserts its rows for `blocks`, in the transaction that moves `stage`'s cursor over them. */
  write(tx: Queryable, stage: BalanceStage, blocks: readonly StoredBlock[], facts: readonly Fact[]): Promise<void>;
}

export type Derivation<Fact = unknown> = BlockDerivation<Fact> | TraceDerivation<Fact> | BalanceDerivation<Fact>;

/** The pass a derivation declares. */
export const passOf = (d: { readonly pass?: Pass }): Pass => d.pass ?? 'block';

/** The derivations of the block pass, in their order. */
export function blockPass(derivations: readonly Derivation[]): BlockDerivation[] {
  return derivations.filter((d): d is BlockDerivation => passOf(d) === 'block');
}

/** The derivations of the trace pass, in their order. */
export function tracePass(derivations: readonly Derivation[]): TraceDerivation[] {
  return derivations.filter((d): d is TraceDerivation => passOf(d) === 'trace');
}

/** The derivations of the balance pass, in their order. */
export function balancePass(derivations: readonly Derivation[]): BalanceDerivation[] {
  return derivations.filter((d): d is BalanceDerivation => passOf(d) === 'balance');
}
