/**
 * A per-block derivation: rows the index derives from each block, written in the same
 * transaction as the block and its cursor, and removed when the block is rolled back. `write`
 * takes consecutive blocks of one chain (one during live following, a window during backfill) so
 * it can insert them in a few multi-row statements. DERIVATIONS (block-store.ts) holds the history,
 * token transfers, ETX origins and daily counts.
 */
import type { Queryable } from './db';
import type { IndexedBlock } from './indexed-block';
import type { ChainName } from '@/lib/chains';

export interface Derivation {
  readonly name: string;
  write(tx: Queryable, blocks: readonly IndexedBlock[]): Promise<void>;
  /** Removes what blocks of `chain` above `number` wrote. Runs before those blocks' rows go. */
  rollback(tx: Queryable, chain: ChainName, number: bigint): Promise<void>;
}
