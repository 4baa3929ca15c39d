/**
 * A per-block derivation: rows the index derives from one block, written in the block's own
 * transaction and removed when the block is rolled back. History is the first; token transfers,
 * ETX journeys and daily counts are meant to be further entries of DERIVATIONS.
 */
import type { Queryable } from './db';
import type { IndexedBlock } from './indexed-block';
import type { ChainName } from '@/lib/chains';

export interface Derivation {
  readonly name: string;
  write(tx: Queryable, block: IndexedBlock): Promise<void>;
  /** Removes what blocks of `chain` above `number` wrote. Runs before those blocks' rows go. */
  rollback(tx: Queryable, chain: ChainName, number: bigint): Promise<void>;
}
