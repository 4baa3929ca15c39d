/**
 * Reads one zone block for the index: the full block and every transaction's receipt, issued
 * together so the client's batching sends them as JSON-RPC batches. A node that serves no
 * receipts (go-quai releases without them) gives transactions without status or gas used.
 */
import type { ChainName } from '@/lib/chains';
import { MethodNotFoundError } from '@/lib/rpc/errors';
import type { ChainClient } from '@/lib/rpc/client';
import type { Hash, Receipt } from '@/lib/rpc/domain';
import { toIndexedBlock, type IndexedBlock } from './indexed-block';

export interface BlockSource {
  readonly chain: ChainName;
  readonly client: ChainClient;
  /** Set once the node answered that it has no receipt method. */
  receiptsUnserved?: boolean;
}

export class MissingBlockError extends Error {
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
