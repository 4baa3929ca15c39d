/**
 * What derivations read from the node beyond blocks and receipts (today the tokens' name, symbol
 * and decimals), read for a window of blocks before its write transaction, so no node call ever
 * runs inside one. The engine does not know what is read: each derivation declares its reader
 * (Derivation.nodeReads), the engine runs the readers of the derivations it was handed and passes
 * each derivation its own facts, by name.
 */
import type { Queryable } from '../drivers/db';
import type { BlockSource } from './block-source';
import type { IndexedBlock } from './indexed-block';

/** Reads the facts one derivation needs for consecutive blocks of one chain. */
export type ReadWindow<Fact> = (q: Queryable, source: BlockSource, blocks: readonly IndexedBlock[]) => Promise<readonly Fact[]>;

export interface NodeReader<Fact> {
  /**
   * A reader for one follower. It may remember what it read between windows (the tokens whose
   * facts the index already holds, so a window of known tokens asks nothing); the follower starts
   * a new one after any failure or rollback, which forgets it.
   */
  start(): ReadWindow<Fact>;
}

/**
 * Per derivation name, the facts its reader gave for the blocks being written. A derivation
 * whose entry is absent writes none of them (engine tests commit bare blocks).
 */
export type NodeReads = Readonly<Record<string, readonly unknown[]>>;

export const NO_READS: NodeReads = {};

/** A derivation's reader, started. */
export interface StartedReader {
  readonly derivation: string;
  readonly read: ReadWindow<unknown>;
}

/** The readers of the derivations that declare one, each started afresh (nothing remembered). */
export function startReaders(derivations: readonly { readonly name: string; readonly nodeReads?: NodeReader<unknown> }[]): StartedReader[] {
  return derivations.flatMap((d) => (d.nodeReads ? [{ derivation: d.name, read: d.nodeReads.start() }] : []));
}

/** Every reader's facts for `blocks`, read together (the client batches their calls). */
export async function readWindow(q: Queryable, source: BlockSource, blocks: readonly IndexedBlock[], readers: readonly StartedReader[]): Promise<NodeReads> {
  const facts = await Promise.all(readers.map((r) => r.read(q, source, blocks)));
  return Object.fromEntries(readers.map((r, i) => [r.derivation, facts[i] ?? []]));
}

/** The reads of windows written in one transaction: each derivation's facts, in window order. */
export function mergeReads(first: NodeReads, next: NodeReads): NodeReads {
  const merged: Record<string, readonly unknown[]> = { ...first };
  for (const [name, facts] of Object.entries(next)) merged[name] = [...(merged[name] ?? []), ...facts];
  return merged;
}
