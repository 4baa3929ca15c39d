/**
 * From tip reads to feed entries: each chain's new blocks in order (joined to the last block
 * announced by fetching the heights between when a read skipped some), its reorgs and gaps
 * (lib/live/follow-chain.ts), the logs of zones a stream follows contracts on (their
 * receipts, one batch per zone) and the transactions newly pooled in zones an address stream
 * follows. The cursor it advances says what was announced; the store keeps it (./feed-store.ts).
 */
import { zoneOf, type Chain, type ChainName } from '@/lib/protocol/chains';
import type { Block, Transaction, TxPoolContent } from '@/lib/rpc/domain';
import type { ChainReader } from '@/lib/server/node/reader';
import type { ChainBlocks } from '@/lib/server/tips/tips';
import type { ChainTip } from '@/lib/network/tips-types';
import type { FeedDraft } from '@/lib/live/feed-entry';
import { followChain, type BlockLink, type ChainCursor, type FollowStep } from '@/lib/live/follow-chain';
import { BLOCK_EVENT_TRANSACTIONS, type StreamBlock, type StreamLog, type StreamTx } from '@/lib/live/stream-events';

/** What the feed has announced: per chain its cursor, per zone the pooled hashes seen. JSON. */
export interface FeedCursor {
  readonly epoch: string;
  readonly seq: number;
  readonly chains: Readonly<Partial<Record<ChainName, ChainCursor>>>;
  readonly pool: Readonly<Partial<Record<ChainName, readonly string[]>>>;
  /** When the last read was drafted (ms): a longer pause than PAUSE_MS leaves a gap, not a fetch. */
  readonly readAt?: number;
}

/**
 * A feed that drafted nothing for this long was paused (nobody listened or viewed): the blocks
 * it missed are a gap, said to the streams that were open before, not a burst of old blocks.
 */
export const PAUSE_MS = 10_000;

export interface FeedContext {
  readonly readerOf: (chain: ChainName) => ChainReader | undefined;
  /** Zones whose blocks' logs are read (a stream follows a contract there). */
  readonly logsOf: ReadonlySet<ChainName>;
  readonly maxFetch: number;
  readonly now: () => number;
}

/** Pooled hashes a cursor remembers per zone. */
const POOL_MEMORY = 10_000;

interface Linked extends BlockLink {
  readonly block: Block<'full'>;
}

/** The drafts a read gives and the cursor after them. */
export async function draftsOf(reads: readonly ChainBlocks[], cursor: FeedCursor, context: FeedContext): Promise<{ drafts: FeedDraft[]; cursor: FeedCursor }> {
  const seenAt = context.now();
  const paused = cursor.readAt !== undefined && seenAt - cursor.readAt > PAUSE_MS;
  const follow = paused ? { ...context, maxFetch: 0 } : context;
  const chains: Partial<Record<ChainName, ChainCursor>> = { ...cursor.chains };
  const pool: Partial<Record<ChainName, readonly string[]>> = {};
  const perChain = await Promise.all(
    reads.map(async (read) => {
      const { step, drafts } = await followRead(read, cursor.chains[read.chain.name], follow, seenAt, paused ? cursor.seq : undefined);
      chains[read.chain.name] = step.kind === 'fetch' ? cursor.chains[read.chain.name] : step.cursor;
      return drafts;
    }),
  );
  const drafts = perChain.flat();
  await attachLogs(drafts, context);
  for (const read of reads) {
    if (!read.pool) continue;
    const { fresh, hashes } = newlyPooled(read.pool, cursor.pool[read.chain.name]);
    pool[read.chain.name] = hashes;
    if (fresh.length > 0) drafts.push({ kind: 'pending', chain: read.chain.name, transactions: fresh.map(streamTx), seenAt });
  }
  return { drafts, cursor: { epoch: cursor.epoch, seq: cursor.seq, chains, pool, readAt: seenAt } };
}

async function followRead(read: ChainBlocks, cursor: ChainCursor | undefined, context: FeedContext, seenAt: number, pausedAfter: number | undefined): Promise<{ step: FollowStep<Linked>; drafts: FeedDraft[] }> {
  const { chain } = read;
  let linked: Linked[] = read.linked.flatMap((block) => linkOf(block, chain));
  let step = followChain(cursor, linked, context.maxFetch);
  // At most twice: the heights between the last block announced and the read, then (after a
  // reorg below them) those under. What still does not join is a gap.
  for (let round = 0; step.kind === 'fetch' && round < 2; round++) {
    const reader = context.readerOf(chain.name);
    if (!reader) break;
    const below = await fetchBelow(reader, chain, linked, step.from, step.to);
    if (below.length === 0) break;
    linked = [...linked, ...below];
    step = followChain(cursor, linked, context.maxFetch);
  }
  if (step.kind === 'fetch') step = followChain(cursor, linked, 0);
  const drafts: FeedDraft[] = [];
  if (step.kind === 'gap') {
    const gap = { reason: 'not-streamed', chain: chain.name, fromNumber: step.fromNumber.toString(), toNumber: step.toNumber.toString() } as const;
    drafts.push(pausedAfter === undefined ? { kind: 'gap', chain: chain.name, gap } : { kind: 'gap', chain: chain.name, gap, pausedAfter });
  }
  if (step.kind === 'announce' && step.reorg) {
    const { ancestor, removed } = step.reorg;
    drafts.push({
      kind: 'reorg',
      chain: chain.name,
      reorg: { chain: chain.name, ancestor: { number: ancestor.n, hash: ancestor.h }, removed: removed.map((r) => ({ number: r.n, hash: r.h })), seenAt },
    });
  }
  if (step.kind !== 'fetch') {
    for (const { block } of step.blocks) {
      const transactions = block.transactions.map(streamTx);
      drafts.push({ kind: 'block', chain: chain.name, block: streamBlock(chain, block, read.tip, transactions, seenAt), transactions });
    }
  }
  return { step, drafts };
}

/** Heights `from`..`to` under the read, newest first, kept while each is the parent of the one above. */
async function fetchBelow(reader: ChainReader, chain: Chain, linked: readonly Linked[], from: bigint, to: bigint): Promise<Linked[]> {
  const heights: bigint[] = [];
  for (let n = to; n >= from; n--) heights.push(n);
  // Issued together: the client sends them as one batch.
  const blocks = await Promise.all(heights.map((n) => reader.blockByNumber(n, true).catch(() => null)));
  const out: Linked[] = [];
  let above = linked[linked.length - 1];
  for (const block of blocks) {
    const link = block ? linkOf(block, chain)[0] : undefined;
    if (!link || !above || link.hash !== above.parentHash) break;
    out.push(link);
    above = link;
  }
  return out;
}

function linkOf(block: Block<'full'>, chain: Chain): Linked[] {
  const height = block.number[chain.level];
  const parentHash = block.parentHash[chain.level];
  return height === undefined || parentHash === undefined ? [] : [{ height, hash: block.hash, parentHash, block }];
}

/** Receipts of the new blocks of zones whose logs are followed: one batch per zone. */
async function attachLogs(drafts: FeedDraft[], context: FeedContext): Promise<void> {
  const wanted = drafts.flatMap((draft, i) => (draft.kind === 'block' && context.logsOf.has(draft.chain) ? [i] : []));
  await Promise.all(
    wanted.map(async (i) => {
      const draft = drafts[i];
      if (draft?.kind !== 'block') return;
      const reader = context.readerOf(draft.chain);
      if (!reader) return;
      const receipts = await Promise.all(draft.transactions.map((tx) => reader.transactionReceipt(tx.hash as `0x${string}`).catch(() => null)));
      const logs: StreamLog[] = receipts.flatMap((receipt) =>
        (receipt?.logs ?? []).map((log) => ({ address: log.address.toLowerCase(), topics: [...log.topics], data: log.data, transactionHash: log.transactionHash, logIndex: log.logIndex })),
      );
      drafts[i] = { ...draft, logs };
    }),
  );
}

function newlyPooled(pool: TxPoolContent, seen: readonly string[] | undefined): { fresh: Transaction[]; hashes: string[] } {
  const known = new Set(seen ?? []);
  const fresh: Transaction[] = [];
  const hashes: string[] = [];
  for (const byNonce of pool.pending.values()) {
    for (const tx of byNonce.values()) {
      hashes.push(tx.hash);
      if (!known.has(tx.hash)) fresh.push(tx);
    }
  }
  return { fresh, hashes: hashes.slice(0, POOL_MEMORY) };
}

export function streamTx(tx: Transaction): StreamTx {
  return {
    hash: tx.hash,
    type: tx.type,
    // An ETX's `from` is the zero address; its originating account is `sender`. Lower case,
    // as every address of the streams: the txpool and the blocks spell them differently.
    from: (tx.type === 1 ? tx.sender : tx.from).toLowerCase(),
    to: tx.to?.toLowerCase() ?? null,
    value: tx.value.toString(),
    nonce: tx.nonce.toString(),
  };
}

function streamBlock(chain: Chain, block: Block<'full'>, tip: ChainTip, transactions: readonly StreamTx[], seenAt: number): StreamBlock {
  const [p, r, z] = block.number;
  return {
    chain: chain.name,
    number: (block.number[chain.level] ?? 0n).toString(),
    numbers: [p.toString(), r.toString(), z.toString()],
    hash: block.hash,
    parentHash: block.parentHash[chain.level] ?? '',
    order: block.order,
    timestamp: block.timestamp.toString(),
    miner: block.miner.toLowerCase(),
    gasUsed: block.gasUsed.toString(),
    gasLimit: block.gasLimit.toString(),
    transactionCount: block.transactions.length,
    extTransactionCount: block.extTransactions.length,
    transactions: transactions.slice(0, BLOCK_EVENT_TRANSACTIONS),
    emittedEtxs: block.extTransactions.map((etx) => ({ hash: etx.hash, to: etx.to?.toLowerCase() ?? null, destination: etx.to ? zoneOf(etx.to).name : null, value: etx.value.toString() })),
    deliveredEtxs: block.transactions.filter((tx) => tx.type === 1).map((tx) => tx.hash),
    uncles: block.uncles.map((uncle) => ({ hash: uncle.hash ?? '', number: uncle.number[chain.level]?.toString() ?? null })),
    status: { avgBlockTimeMs: tip.avgBlockTimeMs, blockTimeSample: tip.blockTimeSample, txpool: tip.txpool, syncing: tip.syncing },
    seenAt,
  };
}
