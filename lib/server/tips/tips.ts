/**
 * The tips of every configured chain, the newest blocks across zones and their transactions:
 * the data of the home page and of /api/tips.
 *
 * Node round trips: one or two per chain, all chains in parallel, every call within a round
 * issued together so the client batches them into one HTTP request per chain. The second round
 * asks only for older blocks no earlier read saw (lib/server/node/recent-blocks.ts), so while reads keep up
 * with the chain it is skipped. `getTips()` coalesces
 * (one in-flight read, 2 s TTL: tips-source.ts) so any number of viewers polling every 2 s cost the node one
 * read per 2 s at most.
 */
import type { Chain, ChainName } from '@/lib/protocol/chains';
import type { Block, Transaction, TxPoolContent } from '@/lib/rpc/domain';
import { describeFailure, isNodeDown, optional } from '@/lib/server/node/node-errors';
import type { ChainReader } from '@/lib/server/node/reader';
import { recentBlocksOf } from '@/lib/server/node/recent-blocks';
import type { ChainTip, FeedBlock, FeedTransaction, TipsSnapshot, TxpoolSummary } from '@/lib/network/tips-types';
import { StrataError } from '@/lib/protocol/errors';

export interface ReadTipsOptions {
  /** Blocks to average the block time over. */
  readonly blockTimeSample?: number;
  /**
   * Blocks per feed chain in the live feed (the newest ones). Default: enough for the feed to be
   * full when the deployment serves few zones (FEED_ROWS from one zone), and at least 3 from each.
   */
  readonly feedDepth?: number;
  readonly maxFeedBlocks?: number;
  readonly maxFeedTransactions?: number;
  readonly now?: () => number;
  /**
   * Zones whose txpool content the read also asks for, in the same batch as the head: the
   * pending transactions the event streams announce (lib/server/stream/), asked only while an
   * address stream follows that zone.
   */
  readonly poolOf?: ReadonlySet<ChainName>;
}

/**
 * What a read saw of one chain beside its tip: the head and the blocks under it that hang from
 * it by parent hashes, newest first, and the txpool content when it was asked for. For the event
 * streams, which announce every block once, in order, from these.
 */
export interface ChainBlocks {
  readonly chain: Chain;
  readonly tip: ChainTip;
  readonly linked: readonly Block<'full'>[];
  readonly pool?: TxPoolContent;
}

export interface TipsRead {
  readonly snapshot: TipsSnapshot;
  /** The chains whose node answered, in the readers' order. */
  readonly chains: readonly ChainBlocks[];
}

/**
 * Rows of each home-page feed: the newest blocks and transactions (a phone shows six). Each feed
 * links the whole list under it (/blocks, /txs); every row is markup the page lays out and hydrates,
 * and fifteen made the home page's document the heaviest of the site.
 */
export const FEED_ROWS = 10;

interface ChainRead {
  readonly tip: ChainTip;
  readonly feed: readonly Block<'full'>[];
  readonly linked: readonly Block<'full'>[];
  readonly pool?: TxPoolContent;
}

export class AllChainsDownError extends StrataError {
  override name = 'AllChainsDownError';
  constructor(readonly firstCause: unknown) {
    super(`No configured chain answered: ${describeFailure(firstCause)}`);
  }
}

/** By name, not instanceof: the error may come from another bundle's copy (see node-errors.ts). */
export function isAllChainsDown(error: unknown): error is AllChainsDownError {
  return error instanceof Error && error.name === 'AllChainsDownError';
}

/**
 * Reads the tips. A chain whose node fails shows its error in its card; when every chain's node
 * is down, throws AllChainsDownError (the caller answers 503).
 */
export async function readTips(readers: readonly ChainReader[], options: ReadTipsOptions = {}): Promise<TipsSnapshot> {
  return (await readTipsAndBlocks(readers, options)).snapshot;
}

/** readTips, with the blocks each chain's read saw (for the event streams). */
export async function readTipsAndBlocks(readers: readonly ChainReader[], options: ReadTipsOptions = {}): Promise<TipsRead> {
  const sample = options.blockTimeSample ?? 10;
  const now = options.now ?? Date.now;
  // The feed shows zone blocks (coincident blocks are zone blocks too, with their badge); a
  // deployment without zones shows its lowest level instead.
  const lowest = Math.max(...readers.map((r) => r.chain.level));
  const feedChains = readers.filter((r) => r.chain.level === lowest).length;
  const maxFeedBlocks = options.maxFeedBlocks ?? FEED_ROWS;
  const depth = options.feedDepth ?? Math.max(3, Math.ceil(maxFeedBlocks / Math.max(1, feedChains)));
  const results = await Promise.allSettled(
    readers.map((reader) => readChain(reader, reader.chain.level === lowest, sample, depth, options.poolOf?.has(reader.chain.name) === true)),
  );

  const chains: ChainTip[] = [];
  const seen: ChainBlocks[] = [];
  const feed: Array<{ chain: ChainReader['chain']; block: Block<'full'> }> = [];
  let firstDown: unknown;
  results.forEach((result, i) => {
    const reader = readers[i];
    if (!reader) return;
    if (result.status === 'fulfilled') {
      chains.push(result.value.tip);
      seen.push({ chain: reader.chain, tip: result.value.tip, linked: result.value.linked, ...(result.value.pool ? { pool: result.value.pool } : {}) });
      for (const block of result.value.feed) feed.push({ chain: reader.chain, block });
    } else {
      if (isNodeDown(result.reason)) firstDown ??= result.reason;
      chains.push(failedTip(reader, describeFailure(result.reason), sample));
    }
  });
  if (readers.length > 0 && results.every((r) => r.status === 'rejected')) {
    const first = results[0];
    throw new AllChainsDownError(firstDown ?? (first && first.status === 'rejected' ? first.reason : undefined));
  }

  feed.sort((a, b) => compareBigint(b.block.timestamp, a.block.timestamp) || a.chain.name.localeCompare(b.chain.name));
  const latestBlocks = feed.slice(0, maxFeedBlocks).map(({ chain, block }) => toFeedBlock(chain.name, block));
  const latestTransactions = feed
    .flatMap(({ chain, block }) => block.transactions.map((tx) => toFeedTransaction(chain.name, tx, block)))
    .slice(0, options.maxFeedTransactions ?? FEED_ROWS);

  return { snapshot: { fetchedAt: now(), chains, latestBlocks, latestTransactions }, chains: seen };
}

/** Heights past the last head seen that a read asks for beside 'latest' (null until mined). */
const GUESSES = 2;

async function readChain(reader: ChainReader, isFeed: boolean, sample: number, depth: number, withPool: boolean): Promise<ChainRead> {
  const { chain } = reader;
  const isZone = chain.level === 2;
  const recent = recentBlocksOf(reader);
  // Round 1: the head, the txpool counts, the sync state and the blocks likely mined since the
  // last read — issued together, one batch. A guess past the tip is simply null.
  const [head, txpool, syncing, pool, ...guessed] = await Promise.all([
    reader.blockByNumber('latest', true),
    isZone ? optional('txpool_status', () => reader.txpoolStatus()) : Promise.resolve(undefined),
    chain.level === 0 ? optional('quai_syncing', () => reader.syncing()) : Promise.resolve(undefined),
    isZone && withPool ? optional('txpool_content', () => reader.txpoolContent()) : Promise.resolve(undefined),
    ...recent.guesses(GUESSES).map((n) => reader.blockByNumber(n, true).catch(() => null)),
  ]);
  if (!head) throw new Error(`The ${chain.name} node has no latest block`);
  const height = head.number[chain.level];
  for (const block of guessed) if (block) recent.remember(block);

  // Round 2, only for what no earlier read saw: older blocks for the feed and for the block-time
  // average, one batch. Genesis is left out of the average: its timestamp is fixed at network
  // creation, not mined.
  const span = height === undefined || height < 1n ? 0n : height - 1n;
  const sampleSize = Number(span < BigInt(sample) ? span : BigInt(sample));
  const baseHeight = height === undefined ? undefined : height - BigInt(sampleSize);
  // Every height from the lowest this read needs up to the head's parent that is not known is
  // fetched, not only the ones it shows: then the next read finds an unbroken chain down to its
  // base and needs no second round.
  const lowestNeeded = height === undefined || baseHeight === undefined ? 0n : isFeed ? minBig(baseHeight, height - BigInt(depth) + 1n) : baseHeight;
  const from = lowestNeeded < 0n ? 0n : lowestNeeded;
  const known = height === undefined ? new Map<bigint, Block<'full'>>() : recent.linkedBelow(head, from);
  const wanted = height === undefined ? [] : heightsBetween(from, height - 1n).filter((n) => !known.has(n));
  const fetched = await Promise.all(wanted.map(async (n) => [n, await reader.blockByNumber(n, true)] as const));
  for (const [n, block] of fetched) {
    if (!block) continue;
    known.set(n, block);
    recent.remember(block);
  }
  const base = sampleSize > 0 && baseHeight !== undefined ? (known.get(baseHeight) ?? null) : null;
  const feedOlder: Block<'full'>[] = [];
  if (isFeed && height !== undefined) {
    for (let k = 1n; k < BigInt(depth) && k <= height; k++) {
      const block = known.get(height - k);
      if (block) feedOlder.push(block);
    }
  }
  if (height !== undefined) recent.rememberHead(head, height - BigInt(Math.max(sample, depth)) - 1n);
  // Timestamps of a dominant chain come from different zones' miners and need not increase
  // block by block; over a tiny sample the mean can even be negative. Say "not enough" instead.
  const mean = base && sampleSize > 0 ? (Number(head.timestamp - base.timestamp) * 1000) / sampleSize : null;
  const avgBlockTimeMs = mean !== null && mean > 0 ? mean : null;

  const txpoolSummary: TxpoolSummary = !isZone
    ? { kind: 'not-zone' }
    : txpool && txpool.served
      ? { kind: 'served', pending: txpool.value.pending.toString(), queued: txpool.value.queued.toString() }
      : { kind: 'unserved' };

  const tip: ChainTip = {
    chain: chain.name,
    label: chain.label,
    level: chain.level,
    height: height?.toString() ?? null,
    numbers: [head.number[0].toString(), head.number[1].toString(), head.number[2].toString()],
    hash: head.hash,
    timestamp: head.timestamp.toString(),
    avgBlockTimeMs,
    blockTimeSample: sampleSize,
    txpool: txpoolSummary,
    syncing: syncing && syncing.served ? syncing.value !== false : null,
    error: null,
  };
  const feed = isFeed ? [head, ...feedOlder] : [];
  return { tip, feed, linked: linkedFrom(head, known, chain.level), ...(pool && pool.served ? { pool: pool.value } : {}) };
}

/** The head and the known blocks under it that hang from it by parent hashes, newest first. */
function linkedFrom(head: Block<'full'>, known: ReadonlyMap<bigint, Block<'full'>>, level: number): Block<'full'>[] {
  const out = [head];
  let below = head;
  for (;;) {
    const height = below.number[level];
    if (height === undefined || height === 0n) return out;
    const parent = known.get(height - 1n);
    if (!parent || parent.hash !== below.parentHash[level]) return out;
    out.push(parent);
    below = parent;
  }
}

function failedTip(reader: ChainReader, error: string, sample: number): ChainTip {
  const { chain } = reader;
  return {
    chain: chain.name, label: chain.label, level: chain.level,
    height: null, numbers: null, hash: null, timestamp: null,
    avgBlockTimeMs: null, blockTimeSample: sample,
    txpool: chain.level === 2 ? { kind: 'unserved' } : { kind: 'not-zone' },
    syncing: null, error,
  };
}

function toFeedBlock(chain: ChainTip['chain'], block: Block<'full'>): FeedBlock {
  return {
    chain,
    hash: block.hash,
    numbers: [block.number[0].toString(), block.number[1].toString(), block.number[2].toString()],
    order: block.order,
    timestamp: block.timestamp.toString(),
    transactionCount: block.transactions.length,
    extTransactionCount: block.extTransactions.length,
    miner: block.miner,
    gasUsed: block.gasUsed.toString(),
    gasLimit: block.gasLimit.toString(),
  };
}

function toFeedTransaction(chain: ChainTip['chain'], tx: Transaction, block: Block<'full'>): FeedTransaction {
  return {
    hash: tx.hash,
    chain,
    type: tx.type,
    // An ETX's `from` is the zero address; its originating account is `sender`.
    from: tx.type === 1 ? tx.sender : tx.from,
    to: tx.to,
    value: tx.value.toString(),
    blockNumber: tx.blockNumber?.toString() ?? null,
    timestamp: block.timestamp.toString(),
  };
}

function heightsBetween(from: bigint, to: bigint): bigint[] {
  const out: bigint[] = [];
  for (let n = from; n <= to; n++) out.push(n);
  return out;
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function compareBigint(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
