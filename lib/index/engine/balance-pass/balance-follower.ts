/**
 * The balance pass of one zone chain: behind the block pass, it writes the derivations that need
 * the node's balances (BalanceDerivation: balance changes) for the blocks the block pass stored,
 * in two stages, each with its own cursor (balance-store.ts) and its own loop (StageFollower):
 *
 * - parties: what blocks and receipts name (senders, recipients, created contracts, miners), read
 *   as soon as the block pass has committed a block: right behind it, whatever the trace pass does;
 * - internal: the parties of internal transfers, read once the trace pass has written them.
 *
 * A row is a fact of the chain (a balance at a block and at the block before, both the node's), so
 * the stages need no order between them; a block is complete once both passed it.
 *
 * - Never ahead of the passes it reads: only blocks at or below the committed block cursor (the
 *   trace cursor for the internal stage), and below any block still to re-read for a derivation a
 *   migration added (rereader.ts: a stored block may lack its miner until then), read from the
 *   database, committed only while they are still stored with the hash they were read for.
 * - Never holding the block pass back: the block pass does not wait for it, and its calls go
 *   through a client of its own (BlockSource.balanceClient), so no block read shares a batch with
 *   them. Each stage keeps a few windows being read ahead of the one it commits (the node answers
 *   while the database writes), and windows answered meanwhile join the next commit.
 * - A rollback of the block pass lowers both stage cursors in its transaction (block-store.ts);
 *   each stage sees the block pass's reorg count move (or its commit refused, or the node's block
 *   no longer the stored one) and reads its cursor again.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Queryable, WriterSession } from '../../drivers/db';
import type { BlockSource } from '../block-source';
import type { DerivationTiming } from '../block-store';
import type { ChainFailure, ChainProgress } from '../chain-follower';
import { balancePass, type BalanceStage, type Derivation, type StoredBlock } from '../derivation';
import { nextFailure, RateMeter } from '../follow-state';
import { mergeReads, type NodeReads, type ReadWindow } from '../node-reads';
import { sleep } from '../sleep';
import { firstStoredBlock, readStoredBlocks } from '../trace-pass/trace-store';
import { BalanceCursorMismatchError, commitBalances, readBalanceCursor } from './balance-store';

export interface BalanceProgress {
  readonly chain: ChainName;
  /** The committed cursor of each stage: the last block whose rows of that stage are written; null before the first. */
  readonly parties: bigint | null;
  readonly internal: bigint | null;
  /** Blocks per second of the parties stage over the last few seconds. */
  readonly rate: number;
  /** reading: a stage is behind what it follows; live: both are at it. */
  readonly phase: 'starting' | 'reading' | 'live' | 'done' | 'error';
  readonly error?: string;
  /** Turns that failed in a row, as ChainProgress.failing (the stage failing longest). */
  readonly failing?: ChainFailure;
}

export interface BalanceFollowOptions {
  /** Every derivation of the writer; this pass writes those declaring `pass: 'balance'`. */
  readonly derivations: readonly Derivation[];
  /** Stop once both stages passed this height (with the other passes' `until`). */
  readonly until?: bigint;
  /** How often to look for blocks the other passes stored, when caught up (default 250 ms). */
  readonly pollMs?: number;
  readonly log?: (line: string) => void;
  /** Logs a line after each committed transaction ("index: cyprus1: balances 5..8"), as FollowOptions.logCommits. */
  readonly logCommits?: boolean;
  readonly timing?: DerivationTiming;
  /** Blocks per window read at most (default 256): a backfill's window of candidates stays a few thousand calls. */
  readonly window?: number;
}

const WINDOW = 256;
/** Windows being read ahead of the one committed, per stage. */
const AHEAD = 3;
/** Blocks per balance transaction at most (answered windows join the next commit up to this). */
const MAX_COMMIT_BLOCKS = 2_048;

/** Another process's rollback (or a reorg under way at the node): read the cursors again. */
const isStale = (error: unknown): boolean =>
  error instanceof BalanceCursorMismatchError || (error instanceof Error && error.name === 'StaleBalanceReadError');

interface StageWindow {
  readonly start: bigint;
  readonly end: bigint;
  readonly done: Promise<{ blocks: StoredBlock[]; reads: NodeReads }>;
  ready: boolean;
}

type StagePhase = 'starting' | 'reading' | 'live' | 'done' | 'error';

/** What both stages share: the chain, its session and pool, the passes they follow, how far re-reads are. */
interface StageContext {
  readonly source: BlockSource;
  readonly session: WriterSession;
  readonly reader: Queryable;
  readonly blockPass: { readonly status: ChainProgress };
  readonly tracePass: { readonly status: { readonly traced: bigint | null; readonly phase: string } } | null;
  readonly options: BalanceFollowOptions;
}

/** One stage of the balance pass: its cursor, its windows read ahead, its commits. */
class StageFollower {
  cursor: bigint | null = null;
  phase: StagePhase = 'starting';
  error: string | undefined;
  failing: ChainFailure | undefined;
  readonly meter = new RateMeter();
  rate = 0;
  private readers: { readonly derivation: string; readonly read: ReadWindow<unknown, StoredBlock> }[] = [];
  private ahead: StageWindow[] = [];
  private next: bigint | null = null;
  /** The block before the lowest one still to re-read for a derivation a migration added (null: none). */
  private rereadFloor: bigint | null = null;

  constructor(private readonly stage: BalanceStage, private readonly ctx: StageContext) {
    this.restartReaders();
  }

  private get chain(): ChainName {
    return this.ctx.source.chain;
  }

  /** The balance-pass derivations' readers of this stage, started afresh (nothing remembered). */
  private restartReaders(): void {
    this.readers = balancePass(this.ctx.options.derivations).map((d) => ({ derivation: d.name, read: d.nodeReads[this.stage].start() }));
  }

  /** Forgets the windows read ahead (their answers are dropped). */
  private dropAhead(): void {
    this.ahead = [];
  }

  /** Where the stage goes on: the block after its cursor, or the chain's first stored block. */
  private async resume(): Promise<void> {
    const cursor = (await readBalanceCursor(this.ctx.session, this.chain))[this.stage];
    this.cursor = cursor;
    this.next = cursor !== null ? cursor + 1n : await firstStoredBlock(this.ctx.session, this.chain);
  }

  /** The highest block this stage may read now: the committed cursor it follows, the re-read floor, or `until`. */
  private limit(): bigint {
    const stored = this.ctx.blockPass.status.indexed ?? -1n;
    const { tracePass } = this.ctx;
    const followed = this.stage === 'internal' && tracePass ? (tracePass.status.traced ?? -1n) : stored;
    let bound = followed < stored ? followed : stored;
    // Blocks still to re-read lack rows the candidates come from (a miner, an uncle's): not before they have them.
    if (this.rereadFloor !== null && this.rereadFloor < bound) bound = this.rereadFloor;
    const { until } = this.ctx.options;
    return until !== undefined && until < bound ? until : bound;
  }

  /** Whether this stage has nothing more to do in a one-off run (`until`). */
  private finished(): boolean {
    const { until } = this.ctx.options;
    if (until === undefined || this.next === null) return false;
    if (this.next > until) return true;
    // A trace pass that ended short of `until` (the node does not trace) ends the internal stage where it stopped.
    const { tracePass } = this.ctx;
    return this.stage === 'internal' && tracePass?.status.phase === 'done' && this.next > (tracePass.status.traced ?? -1n);
  }

  private window(start: bigint, end: bigint): StageWindow {
    const { source, reader } = this.ctx;
    const readers = this.readers;
    const done = (async () => {
      const blocks = await readStoredBlocks(reader, this.chain, start, end);
      if (blocks.length !== Number(end - start + 1n)) throw new BalanceCursorMismatchError(`${this.chain}: blocks ${start}..${end} are no longer all stored`);
      const balances = source.balanceClient ? { chain: this.chain, client: source.balanceClient } : source;
      const facts = await Promise.all(readers.map((r) => r.read(reader, balances, blocks)));
      return { blocks, reads: Object.fromEntries(readers.map((r, i) => [r.derivation, facts[i] ?? []])) as NodeReads };
    })();
    const window: StageWindow = { start, end, done, ready: false };
    done.then(() => (window.ready = true), () => undefined); // a dropped window must not become an unhandled rejection
    return window;
  }

  /** Starts windows after the last one ahead (or from `next`), up to AHEAD being read. */
  private refill(from: bigint): void {
    const size = BigInt(Math.max(1, this.ctx.options.window ?? WINDOW));
    const limit = this.limit();
    let last = this.ahead.at(-1)?.end ?? from - 1n;
    while (last < limit && this.ahead.filter((w) => !w.ready).length < AHEAD && this.ahead.length < AHEAD * 4) {
      const end = last + size < limit ? last + size : limit;
      this.ahead.push(this.window(last + 1n, end));
      last = end;
    }
  }

  async run(signal: AbortSignal): Promise<void> {
    const { options, blockPass } = this.ctx;
    const pollMs = options.pollMs ?? 250;
    let reorgs = blockPass.status.reorgs;
    await this.resume().catch(() => undefined);
    while (!signal.aborted) {
      try {
        if (blockPass.status.reorgs !== reorgs) {
          reorgs = blockPass.status.reorgs;
          this.dropAhead();
          this.restartReaders();
          await this.resume();
        }
        if (this.next === null) await this.resume();
        const [reread] = await this.ctx.reader.query('SELECT (min(next) - 1)::text AS floor FROM index_rereads WHERE chain = $1', [this.chain]);
        this.rereadFloor = reread?.floor === null || reread?.floor === undefined ? null : BigInt(String(reread.floor));
        if (this.finished()) {
          this.phase = 'done';
          this.error = undefined;
          this.failing = undefined;
          return;
        }
        const next = this.next;
        if (next === null || next > this.limit()) {
          this.phase = 'live';
          this.error = undefined;
          this.failing = undefined;
          if (this.stage === 'parties') this.rate = this.meter.note(0);
          await sleep(pollMs, signal);
          continue;
        }
        if (this.ahead[0]?.start !== next) this.dropAhead();
        this.refill(next);
        const first = await (this.ahead.shift() as StageWindow).done;
        const blocks = [...first.blocks];
        let reads = first.reads;
        while (this.ahead[0]?.ready && blocks.length < MAX_COMMIT_BLOCKS) {
          const more = await (this.ahead.shift() as StageWindow).done;
          blocks.push(...more.blocks);
          reads = mergeReads(reads, more.reads);
        }
        this.refill(next);
        if (signal.aborted) return;
        const last = blocks.at(-1) as StoredBlock;
        const rate = this.stage === 'parties' ? this.meter.note(blocks.length) : this.rate;
        await commitBalances(this.ctx.session, this.stage, blocks, balancePass(options.derivations), reads, rate, options.timing);
        if (options.logCommits) options.log?.(`index: ${this.chain}: balances ${this.stage === 'internal' ? '(internal) ' : ''}${next}..${last.number}`);
        this.next = last.number + 1n;
        this.cursor = last.number;
        this.rate = rate;
        this.phase = this.next > this.limit() ? 'live' : 'reading';
        this.error = undefined;
        this.failing = undefined;
      } catch (error) {
        if (signal.aborted) return;
        this.dropAhead();
        this.restartReaders();
        if (isStale(error)) {
          // Blocks the block pass rolled back (or is about to): go on from the cursor as it is now.
          await this.resume().catch(() => undefined);
          await sleep(pollMs, signal);
          continue;
        }
        const message = error instanceof Error ? error.message : String(error);
        this.failing = nextFailure(this.failing, message, `index: ${this.chain}: balance pass (${this.stage})`, options.log);
        this.phase = 'error';
        this.error = message;
        await this.resume().catch(() => undefined);
        await sleep(Math.min(30_000, 1_000 * 2 ** Math.min(5, this.failing.count - 1)), signal);
      }
    }
  }
}

export class BalanceFollower {
  private readonly stages: Record<BalanceStage, StageFollower>;

  constructor(
    private readonly source: BlockSource,
    session: WriterSession,
    /** Where stored blocks and candidates are read (the database's pool; the session itself on PGlite). */
    reader: Queryable,
    /** The block pass of the same chain: its committed cursor bounds the parties stage. */
    blockPass: { readonly status: ChainProgress },
    /** The trace pass of the same chain, when the writer runs one: its committed cursor bounds the internal stage. */
    tracePass: { readonly status: { readonly traced: bigint | null; readonly phase: string } } | null,
    options: BalanceFollowOptions,
  ) {
    const ctx: StageContext = { source, session, reader, blockPass, tracePass, options };
    this.stages = { parties: new StageFollower('parties', ctx), internal: new StageFollower('internal', ctx) };
  }

  get status(): BalanceProgress {
    const { parties, internal } = this.stages;
    const phases = [parties.phase, internal.phase];
    const phase: BalanceProgress['phase'] = phases.includes('error') ? 'error'
      : phases.every((p) => p === 'done') ? 'done'
        : phases.includes('starting') ? 'starting'
          : phases.includes('reading') ? 'reading' : 'live';
    const failing = [parties.failing, internal.failing].filter((f): f is ChainFailure => f !== undefined).sort((a, b) => a.since - b.since)[0];
    return {
      chain: this.source.chain, parties: parties.cursor, internal: internal.cursor, rate: parties.rate, phase,
      ...(parties.error ?? internal.error ? { error: parties.error ?? internal.error } : {}), ...(failing ? { failing } : {}),
    };
  }

  async run(signal: AbortSignal): Promise<void> {
    await Promise.all([this.stages.parties.run(signal), this.stages.internal.run(signal)]);
  }
}
