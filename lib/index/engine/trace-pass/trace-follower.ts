/**
 * The trace pass of one zone chain: behind the block pass (chain-follower.ts), it writes the
 * derivations that need the node's traces (TraceDerivation: internal transfers) for the blocks
 * the block pass stored, and moves the chain's trace cursor over them (trace-store.ts).
 *
 * - Never ahead of the block pass: it reads only blocks at or below the committed block cursor,
 *   from the database, and commits only blocks still stored with the hash it traced.
 * - Never holding it back: the block pass neither waits for it nor shares its requests (the trace
 *   client is the source's own, BlockSource.traceClient); the two share only the writer session,
 *   where a trace commit is one short transaction for many blocks.
 * - Paced by the node (trace-pacer.ts): windows of stored blocks are traced in batches whose size
 *   and number in flight follow how fast the node answers; failures halve both and pause the pass.
 *   While the block pass backfills, the node is its bottleneck (it fetches as fast as the node
 *   answers), so this pass takes a share of the node's time only (`backfillShare`): one batch at a
 *   time, resting after each for as long as the node took, times (1 / share − 1). Once the block
 *   pass is live, the pacer alone decides.
 * - A node that does not serve the reads (UnservedReadError: no tracer package) stalls the pass
 *   at the block before the first that needs them; the reason is recorded beside the trace cursor
 *   for the status of any process, and the node is asked again every `probeMs`.
 * - A block the node cannot trace never stops the pass: when a window of several blocks fails
 *   (a timeout, an error the node answers, an answer that cannot be read), its blocks are asked
 *   again one at a time; a block that fails alone `maxAttempts` times, each after the pacer's
 *   growing pause, is marked untraced with the reason, in the transaction that moves the trace
 *   cursor over it (trace-store.ts commitUntraced), and the pass goes on. A node that is down
 *   (unreachable, an HTTP error) marks nothing: the pass waits for it.
 * - At most one window in flight by default (`pacing.maxConcurrency`, STRATA_INDEX_TRACE_CONCURRENCY),
 *   and after a timeout the next ask waits at least as long again: a trace the client gave up on
 *   may still be running at the node, which JSON-RPC cannot cancel, and must not pile up.
 * - A rollback of the block pass lowers the trace cursor in its own transaction (block-store.ts);
 *   this follower sees the block pass's reorg count move (or its commit refused) and reads its
 *   cursor again.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Queryable, WriterSession } from '../../drivers/db';
import type { BlockSource } from '../block-source';
import type { DerivationTiming } from '../block-store';
import type { ChainFailure, ChainProgress } from '../chain-follower';
import { tracePass, type Derivation, type StoredBlock } from '../derivation';
import { mergeReads, readWindow, startReaders, UnservedReadError, type NodeReads, type StartedReader } from '../node-reads';
import { nextFailure, RateMeter } from '../follow-state';
import { sleep } from '../sleep';
import { DEFAULT_PACER_LIMITS, TracePacer, type PacerLimits, type PacerState } from './trace-pacer';
import { commitTraced, commitUntraced, firstStoredBlock, markStalled, readStoredBlocks, readTraceCursor, TraceCursorMismatchError } from './trace-store';

export interface TraceProgress {
  readonly chain: ChainName;
  /** The committed trace cursor: the last block whose trace rows are written; null before the first. */
  readonly traced: bigint | null;
  /** Blocks traced per second over the last few seconds. */
  readonly rate: number;
  /** tracing: behind the block pass; live: at the block cursor; stalled: the node does not serve the reads. */
  readonly phase: 'starting' | 'tracing' | 'live' | 'stalled' | 'done' | 'error';
  /** Why the pass is stalled (the node's answer), while it is. */
  readonly stalled?: string;
  readonly error?: string;
  /** Turns that failed in a row, as ChainProgress.failing. */
  readonly failing?: ChainFailure;
  /** How hard the pass asks the node now. */
  readonly pacer: PacerState;
}

export interface TraceFollowOptions {
  /** Every derivation of the writer; this pass writes those declaring `pass: 'trace'`. */
  readonly derivations: readonly Derivation[];
  /** Stop once traced through this height (with the block pass's `until`). */
  readonly until?: bigint;
  /** How often to look for blocks the block pass stored, when caught up (default 250 ms). */
  readonly pollMs?: number;
  /** How long to wait before asking again a node that does not serve the reads (default 60 s). */
  readonly probeMs?: number;
  /** Bounds of the pacing (trace-pacer.ts). */
  readonly pacing?: Partial<PacerLimits>;
  /** The share of the node's time this pass takes while the block pass backfills (default 0.1; 0 waits for it to be live). */
  readonly backfillShare?: number;
  readonly log?: (line: string) => void;
  /** Logs a line after each committed transaction ("index: cyprus1: traced 5..8"), as FollowOptions.logCommits. */
  readonly logCommits?: boolean;
  readonly timing?: DerivationTiming;
  /** How many times a block that fails alone is asked before it is marked untraced (default 3). */
  readonly maxAttempts?: number;
}

/** TraceFollowOptions.maxAttempts's default. */
export const MAX_TRACE_ATTEMPTS = 3;

/** Failures that say this block could not be traced (the node answered, or took too long), as opposed to a node that is down. */
const BLOCK_FAILURES = ['RpcTimeoutError', 'JsonRpcError', 'InvalidResponseError'];

/** The trace pass's share of the node while the block pass backfills (TraceFollowOptions.backfillShare). */
const BACKFILL_SHARE = 0.1;

/** At most this many blocks per trace transaction (windows answered meanwhile are merged into one). */
const MAX_COMMIT_BLOCKS = 2_048;

/** Answered windows kept waiting for the database at most (beside those in flight): a slow database bounds the traces held. */
const MAX_WAITING = 16;

interface TraceWindow {
  readonly start: bigint;
  readonly end: bigint;
  readonly done: Promise<{ blocks: StoredBlock[]; reads: NodeReads }>;
  /**
   * `ready` once answered; `nodeFailed` when the node's reads failed (not the database's): the
   * pacer backs off for those; `dropped` once no longer wanted (a failure, a rollback, a stop).
   */
  readonly flags: { ready: boolean; nodeFailed: boolean; dropped: boolean };
}

export class TraceFollower {
  private progress: TraceProgress;
  private readonly pacer: TracePacer;
  private readers: StartedReader<StoredBlock>[];
  private ahead: TraceWindow[] = [];
  /** The highest block windows may reach (the block cursor, or `until`), as of the last turn. */
  private limit = -1n;
  private readonly meter = new RateMeter();
  /** While the block pass backfills: no batch is asked of the node before this time (performance.now()). */
  private restUntil = 0;
  /** After a window of several blocks failed: its blocks are asked one at a time, through this one. */
  private isolateThrough: bigint | null = null;
  /** The block that failed alone, and how many times in a row. */
  private attempts: { readonly number: bigint; readonly count: number } | null = null;

  constructor(
    private readonly source: BlockSource,
    private readonly session: WriterSession,
    /** Where stored blocks are read (the database's pool; the session itself on PGlite). */
    private readonly reader: Queryable,
    /** The block pass of the same chain: its committed cursor bounds this pass. */
    private readonly blockPass: { readonly status: ChainProgress },
    private readonly options: TraceFollowOptions,
  ) {
    // One window in flight unless the operator says the node traces in parallel (STRATA_INDEX_TRACE_CONCURRENCY).
    this.pacer = new TracePacer({ ...DEFAULT_PACER_LIMITS, maxConcurrency: 1, ...options.pacing });
    this.readers = startReaders(tracePass(options.derivations));
    this.progress = { chain: source.chain, traced: null, rate: 0, phase: 'starting', pacer: this.pacer.state };
  }

  get status(): TraceProgress {
    return this.progress;
  }

  private get chain(): ChainName {
    return this.source.chain;
  }

  async run(signal: AbortSignal): Promise<void> {
    try {
      await this.follow(signal);
    } finally {
      this.dropAhead(); // a stopped follower asks the node nothing more
    }
  }

  /** Forgets the windows ahead; those still resting or reading stop before they ask the node. */
  private dropAhead(): void {
    for (const w of this.ahead) w.flags.dropped = true;
    this.ahead = [];
  }

  private window(start: bigint, end: bigint): TraceWindow {
    const flags = { ready: false, nodeFailed: false, dropped: false };
    const done = (async () => {
      const blocks = await readStoredBlocks(this.reader, this.chain, start, end);
      if (blocks.length !== Number(end - start + 1n)) throw new TraceCursorMismatchError(`${this.chain}: blocks ${start}..${end} are no longer all stored`);
      const busy = blocks.filter((b) => b.transactionCount > 0).length;
      if (busy > 0) await this.yieldToBackfill(flags);
      if (flags.dropped) throw new Error(`${this.chain}: window ${start}..${end} dropped`);
      const asked = performance.now();
      try {
        const reads = await readWindow(this.reader, this.source, blocks, this.readers);
        const took = performance.now() - asked;
        this.pacer.answered(took, busy);
        if (busy > 0 && this.blockPassBackfills()) this.restUntil = performance.now() + took * (1 / this.backfillShare() - 1);
        return { blocks, reads };
      } catch (error) {
        flags.nodeFailed = !(error instanceof UnservedReadError);
        throw error;
      }
    })();
    const window: TraceWindow = { start, end, done, flags };
    done.then(
      () => {
        flags.ready = true;
        if (this.ahead.includes(window)) this.refill();
      },
      () => undefined, // a dropped window must not become an unhandled rejection
    );
    return window;
  }

  /** Whether the block pass of this chain is still catching up with the node (or has not begun). */
  private blockPassBackfills(): boolean {
    const { phase } = this.blockPass.status;
    return phase === 'backfill' || phase === 'starting';
  }

  private backfillShare(): number {
    return Math.min(1, Math.max(0, this.options.backfillShare ?? BACKFILL_SHARE));
  }

  /** While the block pass backfills, waits out the rest after the last batch (or, with no share, until it is live). */
  private async yieldToBackfill(flags: TraceWindow['flags']): Promise<void> {
    for (;;) {
      if (flags.dropped || !this.blockPassBackfills()) return;
      const wait = this.backfillShare() === 0 ? 250 : this.restUntil - performance.now();
      if (wait <= 0) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 250)));
    }
  }

  /** In flight at once: the pacer's concurrency, or one batch while the block pass backfills. */
  private inFlight(): number {
    return this.blockPassBackfills() ? 1 : this.pacer.concurrency;
  }

  /** Starts windows after the last one ahead (or from `next`), as many in flight as the pacer allows (and MAX_WAITING answered). */
  private refill(next?: bigint): void {
    let last = this.ahead.at(-1)?.end ?? (next === undefined ? undefined : next - 1n);
    while (
      last !== undefined && last < this.limit && this.ahead.length < this.inFlight() + MAX_WAITING &&
      this.ahead.filter((w) => !w.flags.ready).length < this.inFlight()
    ) {
      // One block at a time through a window that failed, so the block that fails is found and counted.
      const size = this.isolateThrough !== null && last < this.isolateThrough ? 1n : BigInt(this.pacer.window);
      const end = last + size < this.limit ? last + size : this.limit;
      this.ahead.push(this.window(last + 1n, end));
      last = end;
    }
  }

  private noteTraced(count: number): void {
    this.progress = { ...this.progress, rate: this.meter.note(count) };
  }

  /**
   * Moves the trace cursor over block `number`, which the node could not trace, marking it with
   * `reason` (trace-store.ts commitUntraced): true once committed. A block no longer stored as it
   * was (a rollback meanwhile) is not marked; the pass reads its cursor again.
   */
  private async markUntraced(number: bigint, reason: string): Promise<boolean> {
    const [block] = await readStoredBlocks(this.reader, this.chain, number, number);
    if (!block) return false;
    await commitUntraced(this.session, block, { reason, attempts: this.attempts?.count ?? 1 }, this.progress.rate);
    this.options.log?.(`index: ${this.chain}: block ${number} left untraced: ${reason}`);
    this.attempts = null;
    if (this.isolateThrough !== null && number >= this.isolateThrough) this.isolateThrough = null;
    this.noteTraced(1);
    this.progress = { ...this.progress, traced: number, phase: 'tracing', error: undefined, failing: undefined, pacer: this.pacer.state };
    return true;
  }

  /** The block after the trace cursor: where this pass goes on (null while nothing is stored). */
  private async resume(): Promise<bigint | null> {
    const cursor = await readTraceCursor(this.session, this.chain);
    this.progress = { ...this.progress, traced: cursor.number };
    return cursor.number !== null ? cursor.number + 1n : firstStoredBlock(this.session, this.chain);
  }

  private async follow(signal: AbortSignal): Promise<void> {
    const pollMs = this.options.pollMs ?? 250;
    const { until } = this.options;
    let next = await this.resume();
    let reorgs = this.blockPass.status.reorgs;
    let stalledSaid: string | null = null;
    while (!signal.aborted) {
      try {
        // A rollback of the block pass may have lowered the trace cursor: read it again.
        if (this.blockPass.status.reorgs !== reorgs) {
          reorgs = this.blockPass.status.reorgs;
          this.dropAhead();
          next = await this.resume();
        }
        next ??= await firstStoredBlock(this.session, this.chain);
        if (until !== undefined && next !== null && next > until) {
          this.progress = { ...this.progress, phase: 'done', error: undefined, failing: undefined };
          return;
        }
        const stored = this.blockPass.status.indexed;
        this.limit = stored === null ? -1n : until !== undefined && until < stored ? until : stored;
        if (next === null || next > this.limit) {
          if (this.progress.traced !== null && stored !== null && this.progress.traced > stored) {
            next = await this.resume(); // the block cursor went below this pass's: a rollback not yet seen as a reorg
            continue;
          }
          this.progress = { ...this.progress, phase: next === null ? 'starting' : 'live', error: undefined, failing: undefined };
          this.noteTraced(0);
          await sleep(pollMs, signal);
          continue;
        }
        const queued = this.ahead[0]?.start === next ? this.ahead[0] : undefined;
        if (!queued) this.dropAhead();
        this.refill(next);
        const first = await (this.ahead[0] as TraceWindow).done;
        this.ahead.shift();
        const blocks = [...first.blocks];
        let reads = first.reads;
        while (this.ahead[0]?.flags.ready && blocks.length < MAX_COMMIT_BLOCKS) {
          const more = await (this.ahead.shift() as TraceWindow).done;
          blocks.push(...more.blocks);
          reads = mergeReads(reads, more.reads);
        }
        this.refill();
        if (signal.aborted) return;
        const last = blocks.at(-1) as StoredBlock;
        await commitTraced(this.session, blocks, tracePass(this.options.derivations), reads, this.progress.rate, this.options.timing);
        this.attempts = null;
        if (this.isolateThrough !== null && last.number >= this.isolateThrough) this.isolateThrough = null;
        if (this.options.logCommits) this.options.log?.(`index: ${this.chain}: traced ${next}..${last.number}`);
        if (stalledSaid !== null) this.options.log?.(`index: ${this.chain}: the node traces again; tracing from block ${next}`);
        stalledSaid = null;
        next = last.number + 1n;
        this.noteTraced(blocks.length);
        this.progress = {
          ...this.progress, traced: last.number, phase: next > this.limit ? 'live' : 'tracing', stalled: undefined, error: undefined,
          failing: undefined, pacer: this.pacer.state,
        };
      } catch (error) {
        if (signal.aborted) return;
        const failedWindow = this.ahead[0];
        const nodeFailed = failedWindow?.flags.nodeFailed ?? false;
        this.dropAhead();
        this.readers = startReaders(tracePass(this.options.derivations));
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof UnservedReadError) {
          if (stalledSaid !== message) {
            this.options.log?.(`index: ${this.chain}: the trace pass waits at block ${next}: ${message}`);
            await markStalled(this.session, this.chain, message);
            stalledSaid = message;
          }
          this.progress = { ...this.progress, phase: until !== undefined ? 'done' : 'stalled', stalled: message, error: undefined, pacer: this.pacer.state };
          if (until !== undefined) return; // a one-off run ends here; the status says what is missing
          await sleep(this.options.probeMs ?? 60_000, signal);
          continue;
        }
        if (error instanceof TraceCursorMismatchError) {
          // Blocks the block pass rolled back meanwhile: go on from the trace cursor as it is now.
          next = await this.resume().catch(() => next);
          await sleep(pollMs, signal);
          continue;
        }
        if (nodeFailed) this.pacer.failed();
        const blockFailed = nodeFailed && failedWindow !== undefined && failedWindow.start === next && isBlockFailure(error);
        if (blockFailed && failedWindow.end > failedWindow.start) {
          // Which of its blocks fails is not known: ask them one at a time.
          this.isolateThrough = failedWindow.end;
          this.attempts = null;
        } else if (blockFailed) {
          const count = this.attempts?.number === next ? this.attempts.count + 1 : 1;
          this.attempts = { number: next as bigint, count };
          if (count >= (this.options.maxAttempts ?? MAX_TRACE_ATTEMPTS)) {
            const marked = await this.markUntraced(next as bigint, untracedReason(error, count)).catch((e: unknown) => e);
            if (marked === true) {
              next = (next as bigint) + 1n;
              // Its last trace may still run at the node: the next waits as long again.
              if (isTimeout(error)) await sleep(error.timeoutMs, signal);
              continue;
            }
          }
        }
        const failing = nextFailure(this.progress.failing, message, `index: ${this.chain}: trace pass`, this.options.log);
        this.progress = { ...this.progress, phase: 'error', error: message, pacer: this.pacer.state, failing };
        next = await this.resume().catch(() => next);
        if (this.attempts !== null && this.attempts.number !== next) this.attempts = null;
        // A trace the client gave up on may still run at the node: the next ask waits as long again.
        const held = isTimeout(error) ? error.timeoutMs : 0;
        await sleep(Math.max(this.pacer.pauseMs, 1_000, held), signal);
      }
    }
  }
}

const isTimeout = (error: unknown): error is Error & { readonly timeoutMs: number } =>
  error instanceof Error && error.name === 'RpcTimeoutError' && typeof (error as { timeoutMs?: unknown }).timeoutMs === 'number';

/** A failure that says the block could not be traced (told apart by name: errors cross bundles, lib/server/node/node-errors.ts). */
function isBlockFailure(error: unknown): boolean {
  return error instanceof Error && BLOCK_FAILURES.includes(error.name);
}

/** Why a block is left untraced, in the words the status and its pages show. */
function untracedReason(error: unknown, attempts: number): string {
  const times = `${attempts} time${attempts === 1 ? '' : 's'}`;
  if (isTimeout(error)) return `the node did not trace it within ${error.timeoutMs} ms (asked ${times})`;
  const said = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error);
  return `the node's trace failed (asked ${times}): ${said.split('\n')[0]}`;
}
