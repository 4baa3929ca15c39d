/**
 * Reads one zone block for the index: the full block and every transaction's receipt, issued
 * together so the client's batching sends them as JSON-RPC batches. A node that serves no
 * receipts (go-quai releases without them) gives transactions without status or gas used.
 */
import { MethodNotFoundError } from '@/lib/rpc/errors';
import type { Hash, Receipt } from '@/lib/rpc/domain';
import type { Queryable } from '../drivers/db';
import type { BlockSource } from './block-source';
import { toIndexedBlock, type IndexedBlock } from './indexed-block';
import { readWindow, type NodeReads, type StartedReader } from './node-reads';
import { StrataError } from '@/lib/protocol/errors';

export class MissingBlockError extends StrataError {
  override name = 'MissingBlockError';
}

export async function fetchIndexedBlock(source: BlockSource, number: bigint): Promise<IndexedBlock> {
  const block = await source.client.getBlockByNumber({ blockNumber: number, full: true });
  if (!block) throw new MissingBlockError(`${source.chain}: the node has no block ${number}`);
  const receipts = new Map<Hash, Receipt>();
  if (!source.receiptsUnserved && block.transactions.length > 0) {
    try {
      const fetched = await Promise.all(block.transactions.map((tx) => source.client.getTransactionReceipt({ hash: tx.hash })));
      for (const r of fetched) if (r) receipts.set(r.transactionHash, r);
    } catch (error) {
      if (!(error instanceof MethodNotFoundError)) throw error;
      source.receiptsUnserved = true;
    }
  }
  return toIndexedBlock(source.chain, block, receipts);
}

/** The node's hash of each height in [from, to], fetched together (one batch). */
export async function nodeHashes(source: BlockSource, from: bigint, to: bigint): Promise<Map<bigint, Hash | null>> {
  const heights: bigint[] = [];
  for (let n = from; n <= to; n++) heights.push(n);
  const hashes = await Promise.all(heights.map((n) => source.client.getBlockByNumber({ blockNumber: n }).then((b) => b?.hash ?? null)));
  return new Map(heights.map((n, i) => [n, hashes[i] ?? null]));
}

export interface FetchedBlocks {
  readonly blocks: IndexedBlock[];
  /** What the derivations need beyond blocks and receipts (token facts), read after the blocks. */
  readonly reads: NodeReads;
}

/** Blocks `start..end` of the source, fetched together (the client batches their calls). */
export function fetchBlocks(source: BlockSource, start: bigint, end: bigint): Promise<IndexedBlock[]> {
  const numbers: bigint[] = [];
  for (let n = start; n <= end; n++) numbers.push(n);
  return Promise.all(numbers.map((n) => fetchIndexedBlock(source, n)));
}

/**
 * Blocks `start..end` of the source, fetched together, then the node reads their derivations
 * need (`readers`, node-reads.ts; today the facts of tokens the index has not met yet):
 * everything a write transaction will take, so none of it waits on the node.
 */
export async function fetchBlocksWithReads(
  q: Queryable,
  source: BlockSource,
  start: bigint,
  end: bigint,
  readers: readonly StartedReader[],
): Promise<FetchedBlocks> {
  const blocks = await fetchBlocks(source, start, end);
  return { blocks, reads: await readWindow(q, source, blocks, readers) };
}
