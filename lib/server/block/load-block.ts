/**
 * The block page's primary data, fetched in one round trip (one batched request to the chain):
 * the block with full transactions, its transaction count (getBlockTransactionCount*, the node's
 * own count) and the chain tip (for "next").
 *
 * Shared for a few seconds by every request for the same block (coalesceShared in
 * lib/server/cache/coalesce.ts): the block pages' resolvers (./resolve-block.ts), the
 * transaction-in-block and uncle lookups.
 */
import type { Chain } from '@/lib/protocol/chains';
import type { Block } from '@/lib/rpc/domain';
import type { BlockRef } from '@/lib/routes/params/block-id';
import { clientOf } from '@/lib/server/node/clients';
import { cachedBlockByHash } from '@/lib/server/node/lookup';
import { coalesceShared } from '@/lib/server/cache/coalesce';
import type { AnswerReport } from '@/lib/checks/answer';
import { checkBlockAnswer } from '@/lib/checks/block-answer';

export interface BlockPageData {
  readonly chain: Chain;
  readonly ref: BlockRef;
  readonly block: Block<'full'>;
  /** The node's transaction count for the block; null if it did not know the block any more. */
  readonly txCount: bigint | null;
  /** The chain's current height. */
  readonly tip: bigint;
  /** The answer checked against the question: height or hash, location, order, count, body. */
  readonly answers: AnswerReport;
}

export type BlockLookup = { readonly found: true; readonly data: BlockPageData } | { readonly found: false; readonly chain: Chain; readonly ref: BlockRef; readonly tip: bigint };

const SHARE_MS = 3_000;

/** The block at a number or hash on one chain, with its transaction count and the tip. */
export function lookupBlock(chain: Chain, ref: BlockRef): Promise<BlockLookup> {
  const key = `block:${chain.name}:${ref.kind === 'number' ? ref.number : ref.hash}`;
  return coalesceShared(key, SHARE_MS, async (): Promise<BlockLookup> => {
    const client = clientOf(chain);
    const [block, txCount, tip] =
      ref.kind === 'number'
        ? await Promise.all([
            client.getBlockByNumber({ blockNumber: ref.number, full: true }),
            client.getBlockTransactionCountByNumber({ blockNumber: ref.number }),
            client.getBlockNumber(),
          ])
        : await Promise.all([
            cachedBlockByHash(client, ref.hash, true),
            client.getBlockTransactionCountByHash({ blockHash: ref.hash }),
            client.getBlockNumber(),
          ]);
    if (!block) return { found: false, chain, ref, tip };
    return { found: true, data: { chain, ref, block, txCount, tip, answers: checkBlockAnswer(chain, ref, block, txCount) } };
  });
}

