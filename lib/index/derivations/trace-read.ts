/**
 * The node reads behind internal transfers, in the trace pass: each stored block of a window that
 * holds a transaction running the EVM is traced by the node (`debug_traceBlockByHash` with
 * callTracer; the blocks' calls issued together, one JSON-RPC batch over the trace pass's own
 * client). By hash, not number: the trace must be of the block the block pass stored (the trace
 * pass commits it only if that block is still the stored one). Which transactions a block holds,
 * and their positions, are read from the history's stored rows (`transactions`).
 *
 * Each trace carries the pass's budget (BlockSource.traceBudgetMs) as geth's TraceConfig.timeout,
 * so a block the node cannot trace in time is answered "execution timeout" and stops there.
 *
 * A node without the tracer package answers "method not found": the reader throws
 * UnservedReadError, and the trace pass waits at that block, says why, and asks again later. Any
 * other failure throws as it is, and the trace pass backs off, retries, and after a bounded number
 * of failures of the block alone marks it untraced (engine/trace-pass/trace-follower.ts).
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Hash } from '@/lib/rpc/domain';
import type { CallFrame } from '@/lib/rpc/trace-types';
import type { Queryable } from '../drivers/db';
import { hexCol } from '../drivers/sql';
import type { BlockSource } from '../engine/block-source';
import type { StoredBlock } from '../engine/derivation';
import { UnservedReadError } from '../engine/node-reads';

/** A traced transaction: its hash and its call tree. */
export interface TracedTx {
  readonly hash: Hash;
  readonly frame: CallFrame;
}

/** The traces of one block, by transaction index (blocks with nothing to trace have no entry). */
export interface BlockTraces {
  readonly chain: ChainName;
  readonly blockNumber: bigint;
  readonly blockHash: Hash;
  readonly traces: ReadonlyMap<number, TracedTx>;
}

export const UNTRACED_REASON = 'the node does not serve debug_traceBlockByHash (no tracer package)';

const isUnserved = (error: unknown): boolean => error instanceof Error && error.name === 'MethodNotFoundError';

interface StoredTx {
  readonly index: number;
  readonly hash: Hash;
  /** Runs the EVM here (not an ETX send, type 2, which runs nothing in its origin zone). */
  readonly evm: boolean;
}

/** The stored transactions of `blocks`, by block number, in index order. */
async function storedTransactions(q: Queryable, chain: ChainName, blocks: readonly StoredBlock[]): Promise<Map<bigint, StoredTx[]>> {
  const first = blocks[0];
  const last = blocks.at(-1);
  const out = new Map<bigint, StoredTx[]>();
  if (!first || !last) return out;
  const rows = await q.query(
    `SELECT x.block_number::text AS block_number, x.tx_index, ${hexCol('x.hash', 'hash')}, x.type FROM transactions x
      WHERE x.chain = $1 AND x.block_number BETWEEN $2 AND $3 ORDER BY x.block_number, x.tx_index`,
    [chain, first.number, last.number],
  );
  for (const r of rows) {
    const number = BigInt(String(r.block_number));
    const list = out.get(number) ?? [];
    list.push({ index: Number(r.tx_index), hash: String(r.hash) as Hash, evm: Number(r.type) !== 2 });
    out.set(number, list);
  }
  return out;
}

async function traceBlock(source: BlockSource, block: StoredBlock, transactions: readonly StoredTx[]): Promise<BlockTraces> {
  // The budget goes to the node (geth's TraceConfig.timeout): it stops the trace itself, rather than run on after the client gave up.
  const timeout = source.traceBudgetMs === undefined ? {} : { timeout: `${source.traceBudgetMs}ms` };
  const traces = await source.client.traceBlockByHash({ blockHash: block.hash, tracer: 'callTracer', ...timeout });
  const indexOf = new Map(transactions.map((t) => [t.hash.toLowerCase(), t]));
  const byIndex = new Map<number, TracedTx>();
  traces.forEach((t, i) => {
    const tx = (t.txHash ? indexOf.get(t.txHash.toLowerCase()) : undefined) ?? transactions[i];
    if (tx) byIndex.set(tx.index, { hash: tx.hash, frame: t.result });
  });
  return { chain: source.chain, blockNumber: block.number, blockHash: block.hash, traces: byIndex };
}

/** The traces of the blocks that hold a transaction running the EVM (the others have nothing below their roots). */
export async function readBlockTraces(q: Queryable, source: BlockSource, blocks: readonly StoredBlock[]): Promise<BlockTraces[]> {
  const busy = blocks.filter((b) => b.transactionCount > 0);
  if (busy.length === 0) return [];
  const transactions = await storedTransactions(q, source.chain, busy);
  const toTrace = busy.filter((b) => transactions.get(b.number)?.some((t) => t.evm));
  try {
    return await Promise.all(toTrace.map((b) => traceBlock(source, b, transactions.get(b.number) ?? [])));
  } catch (error) {
    if (isUnserved(error)) throw new UnservedReadError(UNTRACED_REASON);
    throw error;
  }
}
