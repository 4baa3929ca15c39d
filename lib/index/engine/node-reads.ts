/**
 * What derivations read from the node beyond blocks and receipts (the tokens' name, symbol and
 * decimals for the block pass; the node's traces for the trace pass), read for a window of blocks
 * before its write transaction, so no node call ever runs inside one. The engine does not know
 * what is read: each derivation declares its reader (Derivation.nodeReads), the engine runs the
 * readers of the derivations it was handed and passes each derivation its own facts, by name.
 */
import { StrataError } from '@/lib/protocol/errors';
import type { Queryable } from '../drivers/db';
import type { BlockSource } from './block-source';
import type { IndexedBlock } from './indexed-block';

/**
 * Reads the facts one derivation needs for consecutive blocks of one chain (`Block`: an
 * IndexedBlock for the block pass, a StoredBlock for the trace pass; derivation.ts).
 */
export type ReadWindow<Fact, Block = IndexedBlock> = (q: Queryable, source: BlockSource, blocks: readonly Block[]) => Promise<readonly Fact[]>;

/**
 * Thrown by a reader when the node does not serve what it reads (a node without the tracer
 * package answers debug_trace* with "method not found"): not a failure to retry at once, but a
 * state the trace pass reports (`reason`) while it waits to ask again.
 */
export class UnservedReadError extends StrataError {
  override name = 'UnservedReadError';
}

export interface NodeReader<Fact, Block = IndexedBlock> {
  /**
   * A reader for one follower. It may remember what it read between windows (the tokens whose
   * facts the index already holds, so a window of known tokens asks nothing); the follower starts
   * a new one after any failure or rollback, which forgets it.
   */
  start(): ReadWindow<Fact, Block>;
}

/**
 * Per derivation name, the facts its reader gave for the blocks being written. A derivation
 * whose entry is absent writes none of them (engine tests commit bare blocks).
 */
export type NodeReads = Readonly<Record<string, readonly unknown[]>>;

export const NO_READS: NodeReads = {};

/** A derivation's reader, started. */
export interface StartedReader<Block = IndexedBlock> {
  readonly derivation: string;
  readonly read: ReadWindow<unknown, Block>;
  /** Its calls go through the source's trace client (a trace-pass derivation's). */
  readonly traces: boolean;
}

/** The readers of the derivations that declare one, each started afresh (nothing remembered). */
export function startReaders<Block = IndexedBlock>(
  derivations: readonly { readonly name: string; readonly pass?: 'block' | 'trace'; readonly nodeReads?: NodeReader<unknown, Block> }[],
): StartedReader<Block>[] {
  return derivations.flatMap((d) => (d.nodeReads ? [{ derivation: d.name, read: d.nodeReads.start(), traces: d.pass === 'trace' }] : []));
}

/**
 * The source a reader's calls go through: the trace pass's calls have a client of their own
 * (BlockSource.traceClient), so a slow trace never shares an HTTP batch with block reads.
 */
export function sourceFor(source: BlockSource, traces: boolean): BlockSource {
  return traces && source.traceClient ? { chain: source.chain, client: source.traceClient, ...(source.traceBudgetMs !== undefined ? { traceBudgetMs: source.traceBudgetMs } : {}) } : source;
}

/** Every reader's facts for `blocks`, read together (the client batches their calls). */
export async function readWindow<Block>(q: Queryable, source: BlockSource, blocks: readonly Block[], readers: readonly StartedReader<Block>[]): Promise<NodeReads> {
  const facts = await Promise.all(readers.map((r) => r.read(q, sourceFor(source, r.traces), blocks)));
  return Object.fromEntries(readers.map((r, i) => [r.derivation, facts[i] ?? []]));
}

/** The reads of windows written in one transaction: each derivation's facts, in window order. */
export function mergeReads(first: NodeReads, next: NodeReads): NodeReads {
  const merged: Record<string, readonly unknown[]> = { ...first };
  for (const [name, facts] of Object.entries(next)) merged[name] = [...(merged[name] ?? []), ...facts];
  return merged;
}
