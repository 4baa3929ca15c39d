/**
 * The home page's snapshot (/api/tips' shape) kept current from every chain's stream: a block
 * moves its chain's tip (height, head, its figures at the read that saw it) and, when it is of
 * the feed's level, joins the newest blocks and its transactions the newest transactions, as
 * lib/server/tips/tips.ts orders them; a reorg takes the removed blocks out of the feeds. Pure
 * and browser-safe.
 */
import type { StreamBlock, StreamReorg } from './stream-events';
import type { ChainTip, FeedBlock, FeedTransaction, TipsSnapshot } from '@/lib/network/tips-types';

const FEED_BLOCKS = 15;
const FEED_TRANSACTIONS = 15;

function byNewest<T extends { timestamp: string; chain: string }>(a: T, b: T): number {
  const at = BigInt(a.timestamp);
  const bt = BigInt(b.timestamp);
  return at === bt ? a.chain.localeCompare(b.chain) : at > bt ? -1 : 1;
}

export function applyBlock(snapshot: TipsSnapshot, block: StreamBlock): TipsSnapshot {
  const chains = snapshot.chains.map((tip): ChainTip =>
    tip.chain !== block.chain
      ? tip
      : {
          ...tip,
          height: block.number,
          numbers: block.numbers,
          hash: block.hash,
          timestamp: block.timestamp,
          avgBlockTimeMs: block.status.avgBlockTimeMs,
          blockTimeSample: block.status.blockTimeSample,
          txpool: block.status.txpool,
          syncing: block.status.syncing,
          error: null,
        },
  );
  // The feeds show the lowest level the deployment serves (zones, where there are any).
  const feedLevel = Math.max(...snapshot.chains.map((c) => c.level));
  const level = snapshot.chains.find((c) => c.chain === block.chain)?.level;
  if (level !== feedLevel || snapshot.latestBlocks.some((b) => b.hash === block.hash)) {
    return { ...snapshot, chains, fetchedAt: Math.max(snapshot.fetchedAt, block.seenAt) };
  }
  const feedBlock: FeedBlock = {
    chain: block.chain,
    hash: block.hash,
    numbers: block.numbers,
    order: block.order,
    timestamp: block.timestamp,
    transactionCount: block.transactionCount,
    extTransactionCount: block.extTransactionCount,
    miner: block.miner,
    gasUsed: block.gasUsed,
    gasLimit: block.gasLimit,
  };
  const transactions: FeedTransaction[] = block.transactions.map((tx) => ({
    hash: tx.hash,
    chain: block.chain,
    type: tx.type,
    from: tx.from,
    to: tx.to,
    value: tx.value,
    blockNumber: block.number,
    timestamp: block.timestamp,
  }));
  // A block at a height the feed holds replaced it (a reorg the stream announced first).
  const others = snapshot.latestBlocks.filter((b) => !(b.chain === block.chain && b.numbers[level] === block.numbers[level]));
  return {
    ...snapshot,
    fetchedAt: Math.max(snapshot.fetchedAt, block.seenAt),
    chains,
    latestBlocks: [feedBlock, ...others].sort(byNewest).slice(0, FEED_BLOCKS),
    latestTransactions: [...transactions, ...snapshot.latestTransactions].sort(byNewest).slice(0, FEED_TRANSACTIONS),
  };
}

export function applyReorg(snapshot: TipsSnapshot, reorg: StreamReorg): TipsSnapshot {
  const removed = new Set(reorg.removed.map((r) => r.hash));
  const removedHeights = new Set(reorg.removed.map((r) => r.number));
  const latestBlocks = snapshot.latestBlocks.filter((b) => !removed.has(b.hash));
  const latestTransactions = snapshot.latestTransactions.filter((t) => !(t.chain === reorg.chain && t.blockNumber !== null && removedHeights.has(t.blockNumber)));
  return { ...snapshot, latestBlocks, latestTransactions };
}
