/**
 * The engine's block store and the migrations as tests drive them directly: handed every
 * derivation of the index (derivations/index.ts) and every migration, unless a test names others
 * (an index of an older schema). The explorer's own composition is ../writer.ts and ../open-index.ts.
 */
import type { ChainName } from '@/lib/protocol/chains';
import { DERIVATIONS } from '../derivations/index';
import type { Db } from '../drivers/db';
import { commitBlocks as commitWith, rollbackTo as rollbackWith } from '../engine/block-store';
import type { Derivation } from '../engine/derivation';
import type { IndexedBlock } from '../engine/indexed-block';
import { NO_READS, type NodeReads } from '../engine/node-reads';
import { MIGRATIONS, type Migration } from '../migrations/index';
import { migrate as migrateWith } from '../migrations/migrate';

type Session = Parameters<typeof commitWith>[0];

/** Writes one block with its derivations and moves the cursor to it (commitBlocks of one). */
export function commitBlock(session: Session, block: IndexedBlock, derivations: readonly Derivation[] = DERIVATIONS, reads: NodeReads = NO_READS): Promise<void> {
  return commitWith(session, [block], derivations, reads);
}

export function commitBlocks(session: Session, blocks: readonly IndexedBlock[], derivations: readonly Derivation[] = DERIVATIONS, reads: NodeReads = NO_READS): Promise<void> {
  return commitWith(session, blocks, derivations, reads);
}

export function rollbackTo(session: Session, chain: ChainName, number: bigint, derivations: readonly Derivation[] = DERIVATIONS): Promise<void> {
  return rollbackWith(session, chain, number, derivations);
}

export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS, derivations: readonly Derivation[] = DERIVATIONS): Promise<number[]> {
  return migrateWith(db, migrations, derivations);
}
