/**
 * The node reads behind internal transfers: each block of a window that holds transactions is
 * traced by the node (`debug_traceBlockByHash` with callTracer; all blocks' calls issued together,
 * one JSON-RPC batch), before the write transaction, as the internal-transfers derivation's node
 * reads. By hash, not number: the trace must be of the block being written.
 *
 * A node without the tracer package answers "method not found": the window's blocks are then
 * "untraced" (recorded by the derivation, shown in the index status), and the reader does not ask
 * again for PROBE_AGAIN_MS, after which it probes once more: a node restarted with tracing is
 * noticed, and the blocks written untraced are handed to the re-reader (internal-transfers.ts).
 * Any other failure throws, and the window is retried as any failed fetch is.
 */
import type { ChainName } from '@/lib/chains';
import type { Hash } from '@/lib/rpc/domain';
import type { CallFrame } from '@/lib/trace/types';
import type { BlockSource } from '../engine/block-source';
import type { IndexedBlock } from '../engine/indexed-block';

export type BlockTraces =
  | { readonly chain: ChainName; readonly blockNumber: bigint; readonly blockHash: Hash; readonly traces: ReadonlyMap<Hash, CallFrame> }
  | { readonly chain: ChainName; readonly blockNumber: bigint; readonly blockHash: Hash; readonly untraced: string };

export const PROBE_AGAIN_MS = 60_000;

export const UNTRACED_REASON = 'the node does not serve debug_traceBlockByHash (no tracer package)';

const isUnserved = (error: unknown): boolean => error instanceof Error && error.name === 'MethodNotFoundError';

/** A reader's memory: when the node last said it does not trace. */
export interface TraceProbe {
  unservedAt: number | null;
}

async function traceBlock(source: BlockSource, block: IndexedBlock): Promise<BlockTraces> {
  const at = { chain: source.chain, blockNumber: block.number, blockHash: block.hash };
  // A block of ETX sends only (type 2 runs no EVM here) or none at all has nothing below its roots.
  if (!block.transactions.some((t) => t.type !== 2)) return { ...at, traces: new Map() };
  const traces = await source.client.traceBlockByHash({ blockHash: block.hash, tracer: 'callTracer' });
  const byHash = new Map<Hash, CallFrame>();
  traces.forEach((t, i) => {
    const hash = t.txHash ?? block.transactions[i]?.hash;
    if (hash) byHash.set(hash.toLowerCase() as Hash, t.result);
  });
  return { ...at, traces: byHash };
}

export async function readBlockTraces(source: BlockSource, blocks: readonly IndexedBlock[], probe: TraceProbe, now = Date.now()): Promise<BlockTraces[]> {
  const untraced = (): BlockTraces[] => blocks.map((b) => ({ chain: source.chain, blockNumber: b.number, blockHash: b.hash, untraced: UNTRACED_REASON }));
  if (probe.unservedAt !== null && now - probe.unservedAt < PROBE_AGAIN_MS) return untraced();
  try {
    const read = await Promise.all(blocks.map((b) => traceBlock(source, b)));
    probe.unservedAt = null;
    return read;
  } catch (error) {
    if (!isUnserved(error)) throw error;
    probe.unservedAt = now;
    return untraced();
  }
}
