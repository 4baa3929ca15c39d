/**
 * The block pass of one zone chain (the trace pass follows it: trace-pass/trace-follower.ts).
 * Follows the chain into the index: backfill from the cursor (or the configured first
 * height) to the tip in windows of `concurrency` blocks, fetching the next window while the
 * current one is written (one transaction per window), then poll the tip and write each new
 * block as it comes. Blocks are committed with the cursor (block-store.ts), so this loop keeps no
 * state a crash could lose.
 *
 * Reorgs: a block whose parent is not the cursor's hash, or a cursor the node no longer has at
 * its height, means the node switched chains. The follower walks back to the newest height where
 * the node's hash and the stored hash agree (the common ancestor), rolls back above it, re-reads.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Hash } from '@/lib/rpc/domain';
import type { Queryable, WriterSession } from '../drivers/db';
import type { BlockSource } from './block-source';
import { commitBlocks, readCursor, rollbackTo, storedHashes, type Cursor, type DerivationTiming } from './block-store';
import { blockPass, type Derivation } from './derivation';
import { fetchBlocks, nodeHashes, type FetchedBlocks } from './fetch-block';
import { mergeReads, readWindow, startReaders, type StartedReader } from './node-reads';
import { nextFailure, RateMeter, type ChainFailure } from './follow-state';

export type { ChainFailure } from './follow-state';
import { sleep } from './sleep';

export interface ChainProgress {
  readonly chain: ChainName;
  /** Last indexed height; null before the first block. */
  readonly indexed: bigint | null;
  readonly tip: bigint | null;
  /** Blocks written per second over the last few seconds. */
  readonly rate: number;
  readonly phase: 'starting' | 'backfill' | 'live' | 'done' | 'error';
  readonly error?: string;
  readonly reorgs: number;
  /**
   * Turns of the loop that failed in a row (a write the database refused, a node that did not
   * answer), since when and the last error; absent once a turn succeeds. The follower retries
   * forever, so without this a writer that can no longer write looked like one that is slow.
   */
  readonly failing?: ChainFailure;
}

export interface FollowOptions {
  readonly from: bigint;
  readonly concurrency: number;
  /** Tip polling interval when caught up (default 250 ms). */
  readonly pollMs?: number;
  /** Stop after this height (bench, tests); default: follow forever. */
  readonly until?: bigint;
  /** How far back a reorg may reach (default 1,000 blocks). */
  readonly maxReorgDepth?: number;
  readonly log?: (line: string) => void;
  /**
   * What is written per block, in this order (derivations/index.ts lists the index's own): the
   * block pass writes those of the block pass, a rollback removes every derivation's rows.
   */
  readonly derivations: readonly Derivation[];
  /** Accumulates the time of each derivation's writes (bench:index). */
  readonly timing?: DerivationTiming;
  /**
   * Logs a line after each committed transaction ("index: cyprus1: committed 5..8"; the
   * re-read's too, rereader.ts): off by default (a backfill commits many a second); tests stop
   * or kill the writer on one.
   */
  readonly logCommits?: boolean;
}


/** Windows being fetched at any time, ahead of the one written (bench:index's plain fetch keeps as many). */
export const PREFETCH = 4;
/**
 * At most this many windows' worth of blocks per backfill transaction, and as many fetched windows
 * kept waiting for the database beside the PREFETCH being fetched: while a transaction commits,
 * the fetching goes on, and the next transaction takes everything fetched meanwhile. Sixteen
 * rather than eight: fewer, larger transactions, each with a fixed cost of about a dozen statements.
 * (bench:index could not tell them apart beyond its noise: PGlite's median 1.46× over fifteen runs
 * against 1.46× over thirteen, PostgreSQL's 1.36× against 1.41×; docs/indexer.md.)
 */
const MERGE = 16;
/**
 * …and at most this many transactions, merged or waiting: on a busy chain sixteen windows of 128
 * blocks may hold hundreds of thousands, which would be held in memory and sent in one statement.
 */
const MAX_MERGED_TRANSACTIONS = 20_000;

/** How often, when caught up, the cursor's block is checked against the node's block at that height. */
const HEAD_CHECK_MS = 2_000;

interface Window {
  readonly start: bigint;
  readonly end: bigint;
  /** Its blocks, then what its derivations read (node-reads.ts). */
  readonly fetched: Promise<FetchedBlocks>;
  /** Set once its blocks arrived: the node is done with it, and the next window may be asked for. */
  arrived: boolean;
  /** Set once fetched resolved (a ready window may join the one being written). */
  ready: boolean;
  /** Its blocks' transactions, once arrived. */
  transactions: number;
}

export class ChainFollower {
  private progress: ChainProgress;
  private readonly meter = new RateMeter();
  private lastReported = { tip: -1n, rate: -1, at: 0 };
  private lastHeadCheck = 0;
  /**
   * The derivations' node readers (node-reads.ts), which may remember what they read (the tokens
   * whose facts the index holds): started afresh after a failure or rollback, which forgets it.
   */
  private readers: StartedReader[];
  /**
   * Windows fetched or being fetched, in order, from the height after the cursor. Each one that
   * arrives starts the next (refill), so the node is kept busy while a transaction commits.
   */
  private ahead: Window[] = [];
  /** The highest height to fetch ahead (the tip, or `until`), as of the last turn of the loop. */
  private fetchLimit = -1n;

  constructor(
    private readonly source: BlockSource,
    private readonly session: WriterSession,
    private readonly options: FollowOptions,
    /**
     * Where the node readers look up what the index holds (the database's pool; the session itself
     * by default): not the writer session, whose commits they would wait behind.
     */
    private readonly reader: Queryable = session,
  ) {
    this.progress = { chain: source.chain, indexed: null, tip: null, rate: 0, phase: 'starting', reorgs: 0 };
    this.readers = startReaders(blockPass(options.derivations));
  }

  private get derivations(): readonly Derivation[] {
    return this.options.derivations;
  }

  get status(): ChainProgress {
    return this.progress;
  }

  /**
   * Fetches a window's blocks, then its node reads. The next window is asked for as soon as the
   * blocks arrive (refill), not once the reads are done: a read that looks up the index (which
   * tokens it holds) may wait for a commit, and the node must not wait with it.
   */
  private fetchWindow(start: bigint, end: bigint): Window {
    const readers = this.readers;
    const arriving = fetchBlocks(this.source, start, end);
    const fetched = arriving.then(async (blocks) => ({ blocks, reads: await readWindow(this.reader, this.source, blocks, readers) }));
    const window: Window = { start, end, fetched, arrived: false, ready: false, transactions: 0 };
    // A dropped prefetch must not become an unhandled rejection (both handlers below swallow it).
    arriving.then(
      (blocks) => {
        window.transactions = blocks.reduce((sum, b) => sum + b.transactions.length, 0);
        window.arrived = true;
        if (this.ahead.includes(window)) this.refill();
      },
      () => undefined,
    );
    fetched.then(
      () => {
        window.ready = true;
      },
      () => undefined,
    );
    return window;
  }

  /**
   * Starts windows after the last one ahead (or after `written`, the last height being written,
   * when none is): PREFETCH at most being fetched, and at most MERGE fetched ones
   * (MAX_MERGED_TRANSACTIONS transactions) waiting beside them, so a slow database bounds the
   * memory held.
   */
  private refill(written?: bigint): void {
    const step = BigInt(this.options.concurrency);
    let last = this.ahead.at(-1)?.end ?? written;
    const waiting = this.ahead.reduce((sum, w) => sum + w.transactions, 0);
    while (
      last !== undefined && last < this.fetchLimit && this.ahead.length < PREFETCH + MERGE &&
      waiting < MAX_MERGED_TRANSACTIONS && this.ahead.filter((w) => !w.arrived).length < PREFETCH
    ) {
      const stop: bigint = last + step < this.fetchLimit ? last + step : this.fetchLimit;
      this.ahead.push(this.fetchWindow(last + 1n, stop));
      last = stop;
    }
  }

  private noteWritten(count: number): void {
    this.progress = { ...this.progress, rate: this.meter.note(count) };
  }

  /** Records tip and rate beside the cursor, for readers in other processes (network page). */
  private async reportTip(): Promise<void> {
    const { tip, rate } = this.progress;
    if (tip === null || (tip === this.lastReported.tip && Math.abs(rate - this.lastReported.rate) < 0.5)) return;
    // While backfilling the rate changes at every window: once a second is plenty for the network page.
    if (this.progress.phase === 'backfill' && Date.now() - this.lastReported.at < 1_000) return;
    this.lastReported = { tip, rate, at: Date.now() };
    await this.session.query('UPDATE index_cursor SET tip = $2, rate = $3 WHERE chain = $1', [this.source.chain, tip, rate]);
  }

  async run(signal: AbortSignal): Promise<void> {
    try {
      await this.follow(signal);
    } finally {
      this.ahead = []; // a stopped follower fetches nothing more (refill only tops up this list)
    }
  }

  private async follow(signal: AbortSignal): Promise<void> {
    const { from, concurrency } = this.options;
    const pollMs = this.options.pollMs ?? 250;
    let cursor = await readCursor(this.session, this.source.chain);
    this.progress = { ...this.progress, indexed: cursor?.number ?? null };
    // Windows are fetched ahead of the one being written (this.ahead): the database writes on
    // its own thread or server, so the fetching never waits for a commit to go on.
    let known = { tip: -1n, at: 0 };
    while (!signal.aborted) {
      try {
        const next = cursor ? cursor.number + 1n : from;
        // Far below the tip (a backfill), the tip read a moment ago will do; near it, ask at every turn.
        const fresh = known.tip >= next + BigInt(concurrency * (PREFETCH + 1)) && Date.now() - known.at < 1_000;
        const tip = fresh ? known.tip : await this.source.client.getBlockNumber();
        if (!fresh) known = { tip, at: Date.now() };
        const limit = this.options.until !== undefined && this.options.until < tip ? this.options.until : tip;
        if (next > limit) {
          if (this.options.until !== undefined && next > this.options.until) {
            this.progress = { ...this.progress, tip, phase: 'done', error: undefined, failing: undefined };
            return;
          }
          this.progress = { ...this.progress, tip, phase: 'live', error: undefined };
          this.noteWritten(0);
          // A reorg that keeps the height shows only as another hash at the cursor's height. The
          // check is a block read, so it runs every couple of seconds, not at every poll: the node
          // serves pages too (a new block's parent is checked anyway).
          if (cursor && Date.now() - this.lastHeadCheck >= HEAD_CHECK_MS) {
            this.lastHeadCheck = Date.now();
            const [nodeHash] = (await nodeHashes(this.source, cursor.number, cursor.number)).values();
            if (nodeHash !== cursor.hash) cursor = await this.rollBack(cursor);
          }
          await this.reportTip();
          // Caught up and nothing failed: whatever failed before (a write, the node) works again.
          if (this.progress.failing) this.progress = { ...this.progress, failing: undefined };
          await sleep(pollMs, signal);
          continue;
        }
        const end = next + BigInt(concurrency) - 1n < limit ? next + BigInt(concurrency) - 1n : limit;
        const queued = this.ahead[0]?.start === next ? this.ahead.shift() : undefined;
        if (!queued) this.ahead = [];
        const window = queued ?? this.fetchWindow(next, end);
        const first = await window.fetched;
        // Windows fetched meanwhile go into the same transaction: when the database is the slower
        // side, each commit then carries more blocks for its fixed cost (round trips, commit).
        const blocks = [...first.blocks];
        let reads = first.reads;
        let lastEnd = window.end;
        let transactions = window.transactions;
        while (this.ahead[0]?.ready && blocks.length < concurrency * MERGE && transactions < MAX_MERGED_TRANSACTIONS) {
          transactions += this.ahead[0].transactions;
          const more = await (this.ahead.shift() as Window).fetched;
          blocks.push(...more.blocks);
          reads = mergeReads(reads, more.reads);
          lastEnd = more.blocks.at(-1)?.number ?? lastEnd;
        }
        this.fetchLimit = limit;
        this.refill(lastEnd);
        this.progress = { ...this.progress, tip, phase: limit - next > BigInt(concurrency) ? 'backfill' : 'live', error: undefined };
        // The blocks that extend the cursor, each the parent of the next; a break means a reorg.
        let linked = 0;
        let tipOfRun = cursor;
        for (const block of blocks) {
          if (tipOfRun && block.parentHash.toLowerCase() !== tipOfRun.hash) break;
          tipOfRun = { number: block.number, hash: block.hash.toLowerCase() as Cursor['hash'] };
          linked++;
        }
        if (linked > 0 && !signal.aborted) {
          await commitBlocks(this.session, blocks.slice(0, linked), this.derivations, reads, this.options.timing);
          if (this.options.logCommits) this.options.log?.(`index: ${this.source.chain}: committed ${next}..${tipOfRun?.number ?? next}`);
          cursor = tipOfRun;
          // The cursor reported is the committed one: set once the COMMIT has been answered.
          this.progress = { ...this.progress, indexed: cursor?.number ?? null, failing: undefined };
        }
        const written = linked;
        if (linked < blocks.length && cursor && !signal.aborted) {
          this.ahead = [];
          cursor = await this.rollBack(cursor);
        }
        this.noteWritten(written);
        await this.reportTip();
      } catch (error) {
        if (signal.aborted) return;
        this.ahead = [];
        this.readers = startReaders(blockPass(this.derivations));
        const message = error instanceof Error ? error.message : String(error);
        // A new error is logged at once; the same one again only now and then (follow-state.ts),
        // with how long it has lasted (the turn is retried every two seconds, forever).
        const failing = nextFailure(this.progress.failing, message, `index: ${this.source.chain}`, this.options.log);
        this.progress = { ...this.progress, phase: 'error', error: message, failing };
        cursor = await readCursor(this.session, this.source.chain).catch(() => cursor);
        await sleep(2_000, signal);
      }
    }
  }

  /** Rolls back to the newest height where node and index agree; returns the new cursor. */
  private async rollBack(cursor: Cursor): Promise<Cursor | null> {
    this.readers = startReaders(blockPass(this.derivations)); // the rollback removes tokens first seen above the ancestor
    const chain = this.source.chain;
    const floor = this.options.from;
    const deepest = cursor.number - BigInt(this.options.maxReorgDepth ?? 1000);
    const low = deepest > floor ? deepest : floor;
    let ancestor: bigint | undefined;
    // What the node has at each height compared: the blocks that replace the stored ones (reorged_blocks).
    const replacedBy = new Map<bigint, Hash>();
    for (let top = cursor.number; top >= low && ancestor === undefined; top -= 16n) {
      const bottom = top - 15n > low ? top - 15n : low;
      const [node, stored] = await Promise.all([nodeHashes(this.source, bottom, top), storedHashes(this.session, chain, bottom, top)]);
      for (const [n, hash] of node) if (hash) replacedBy.set(n, hash.toLowerCase() as Hash);
      for (let n = top; n >= bottom; n--) {
        const mine = stored.get(n);
        if (mine !== undefined && node.get(n)?.toLowerCase() === mine) {
          ancestor = n;
          break;
        }
      }
    }
    const target = ancestor ?? low - 1n;
    await rollbackTo(this.session, chain, target, this.derivations, replacedBy);
    this.progress = { ...this.progress, reorgs: this.progress.reorgs + 1, indexed: ancestor ?? null };
    this.options.log?.(`index: ${chain}: reorg, rolled back ${cursor.number - target} block(s) to ${target}`);
    return readCursor(this.session, chain);
  }
}
