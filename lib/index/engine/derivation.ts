/**
 * A per-block derivation: rows the index derives from each block, written in the same
 * transaction as the block and its cursor, and removed when the block is rolled back. The engine
 * is handed the list of them (derivations/index.ts assembles the index's own; the engine imports
 * none): it owns ordering, the cursor and rollbacks, so adding a table is adding a derivation, not
 * editing the engine (docs/indexer.md, "Adding a derivation").
 *
 * A derivation declares what the engine needs to run it: the tables it writes and how their rows
 * of a rolled-back block are found, what it reads from the node (node-reads.ts), and the
 * migration that created its tables. `write` takes consecutive blocks of one chain (one during
 * live following, a window during backfill) so it can insert them in a few multi-row statements.
 *
 * `since` is the migration that created the derivation's tables. An index that already held
 * blocks when that migration was applied lacks the derivation's rows for them;
 * migrations/migrate.ts then records the range per chain (index_rereads) and the rereader
 * (rereader.ts) fetches those blocks again and writes only the missing derivations' rows.
 */
import type { ChainName } from '@/lib/chains';
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
 * `Fact` is what its node reader gives (never for a derivation without one); the engine passes a
 * derivation only the facts of its own reader, found by its name.
 */
export interface Derivation<Fact = unknown> {
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
  /** What it needs from the node beyond blocks and receipts, read before the write transaction. */
  readonly nodeReads?: NodeReader<Fact>;
  /** Inserts its rows for `blocks`, in the transaction that writes them and moves the cursor. */
  write(tx: Queryable, blocks: readonly IndexedBlock[], facts: readonly Fact[]): Promise<void>;
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
