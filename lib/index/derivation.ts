/**
 * A per-block derivation: rows the index derives from each block, written in the same
 * transaction as the block and its cursor, and removed when the block is rolled back. `write`
 * takes consecutive blocks of one chain (one during live following, a window during backfill) so
 * it can insert them in a few multi-row statements. DERIVATIONS (block-store.ts) lists them:
 * history, token transfers, tokens, ETX origins and daily counts.
 *
 * `since` is the migration that created the derivation's tables. An index that already held
 * blocks when that migration was applied lacks the derivation's rows for them; migrate.ts then
 * records the range per chain (index_rereads) and the rereader (rereader.ts) fetches those blocks
 * again and writes only the missing derivations' rows. docs/indexer.md, "Adding a derivation".
 */
import type { Queryable } from './db';
import type { IndexedBlock } from './indexed-block';
import type { TokenFactsRead } from './token-facts-read';
import type { ChainName } from '@/lib/chains';

/**
 * What derivations need beyond the blocks and their receipts, read from the node before the
 * write transaction (so no node call ever runs inside one). Each field belongs to one derivation;
 * a derivation whose field is absent writes nothing of it (engine tests commit bare blocks).
 */
export interface NodeReads {
  /** Facts of tokens first seen in these blocks (tokens-derivation.ts). */
  readonly tokens?: readonly TokenFactsRead[];
}

export interface Derivation {
  readonly name: string;
  /** The migration that introduced its tables (1 for the history, which every index has). */
  readonly since: number;
  /**
   * false when `since`'s migration fills the derivation from rows the index already holds (SQL,
   * no node): then nothing is re-read for it. Daily stats do this (migration 5).
   */
  readonly rereads?: false;
  write(tx: Queryable, blocks: readonly IndexedBlock[], reads: NodeReads): Promise<void>;
  /** Removes what blocks of `chain` above `number` wrote. Runs before those blocks' rows go. */
  rollback(tx: Queryable, chain: ChainName, number: bigint): Promise<void>;
}
