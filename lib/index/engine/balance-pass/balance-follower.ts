/**
 * The balance pass of one zone chain: behind the block pass, it writes the derivations that need
 * the node's balances (BalanceDerivation: balance changes) for the blocks the block pass stored,
 * in two stages with a cursor each (balance-store.ts):
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
 *   them. It reads one window at a time (at most WINDOW blocks), each window's calls together.
 * - A rollback of the block pass lowers both stage cursors in its transaction (block-store.ts);
 *   this follower sees the block pass's reorg count move (or its commit refused, or the node's
 *   block no longer the stored one) and reads its cursors again.
 */
import type { ChainName } from '@/lib/chains';
import type { Queryable, WriterSession } from '../../drivers/db';
import type { BlockSource } from '../block-source';
import type { DerivationTiming } from '../block-store';
import type { ChainFailure, ChainProgress } from '../chain-follower';
import { balancePass, type BalanceStage, type Derivation, type StoredBlock } from '../derivation';
import { nextFailure, RateMeter } from '../follow-state';
import type { NodeReads, ReadWindow } from '../node-reads';
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
  /** Turns that failed in a row, as ChainProgress.failing. */
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
  /** Blocks per balance transaction at most (default 256): a backfill's window of candidates stays a few thousand calls. */
  readonly window?: number;
}

const WINDOW = 256;

/** Another process's rollback (or a reorg under way at the node): read the cursors again. */
const isStale = (error: unknown): boolean =>
  error instanceof BalanceCursorMismatchError || (error instanceof Error && error.name === 'StaleBalanceReadError');

interface StartedStage {
  readonly derivation: string;
  readonly read: ReadWindow<unknown, StoredBlock>;
}

export class BalanceFollower {
  private progress: BalanceProgress;
  private readonly meter = new RateMeter();
  private readers: Record<BalanceStage, StartedStage[]>;
  private next: Record<BalanceStage, bigint | null> = { parties: null, internal: null };
  /** The block before the lowest one still to re-read for a derivation a migration added (null: none). */
  private rereadFloor: bigint | null = null;

  constructor(
    private readonly source: BlockSource,
    private readonly session: WriterSession,
    /** Where stored blocks and candidates are read (the database's pool; the session itself on PGlite). */
    private readonly reader: Queryable,
    /** The block pass of the same chain: its committed cursor bounds the parties stage. */
    private readonly blockPass: { readonly status: ChainProgress },
    /** The trace pass of the same chain, when the writer runs one: its committed cursor bounds the internal stage. */
    private readonly tracePass: { readonly status: { readonly traced: bigint | null; readonly phase: string } } | null,
    private readonly options: BalanceFollowOptions,
  ) {
    this.readers = this.startReaders();
    this.progress = { chain: source.chain, parties: null, internal: null, rate: 0, phase: 'starting' };
  }

  get status(): BalanceProgress {
    return this.progress;
  }

  private get chain(): ChainName {
    return this.source.chain;
  }

  /** The balance-pass derivations' readers of each stage, started afresh (nothing remembered). */
  private startReaders(): Record<BalanceStage, StartedStage[]> {
    const of = (stage: BalanceStage): StartedStage[] => balancePass(this.options.derivations).map((d) => ({ derivation: d.name, read: d.nodeReads[stage].start() }));
    return { parties: of('parties'), internal: of('internal') };
  }

  /** Where each stage goes on: the block after its cursor, or the chain's first stored block. */
  private async resume(): Promise<void> {
    const cursor = await readBalanceCursor(this.session, this.chain);
    const first = cursor.parties === null || cursor.internal === null ? await firstStoredBlock(this.session, this.chain) : null;
    this.next = { parties: cursor.parties === null ? first : cursor.parties + 1n, internal: cursor.internal === null ? first : cursor.internal + 1n };
    this.progress = { ...this.progress, parties: cursor.parties, internal: cursor.internal };
  }

  /** The highest block `stage` may read now: the committed cursor it follows, or `until`. */
  private limit(stage: BalanceStage): bigint {
    const stored = this.blockPass.status.indexed ?? -1n;
    const followed = stage === 'internal' && this.tracePass ? (this.tracePass.status.traced ?? -1n) : stored;
    let bound = followed < stored ? followed : stored;
    // Blocks still to re-read lack rows the candidates come from (a miner, an uncle's): not before they have them.
    if (this.rereadFloor !== null && this.rereadFloor < bound) bound = this.rereadFloor;
    const { until } = this.options;
    return until !== undefined && until < bound ? until : bound;
  }

  /** Whether `stage` has nothing more to do in a one-off run (`until`). */
  private finished(stage: BalanceStage): boolean {
    const { until } = this.options;
    const next = this.next[stage];
    if (until === undefined || next === null) return false;
    if (next > until) return true;
    // A trace pass that ended short of `until` (the node does not trace) ends the internal stage where it stopped.
    return stage === 'internal' && this.tracePass?.status.phase === 'done' && next > (this.tracePass.status.traced ?? -1n);
  }

  async run(signal: AbortSignal): Promise<void> {
    const pollMs = this.options.pollMs ?? 250;
    let reorgs = this.blockPass.status.reorgs;
    await this.resume().catch(() => undefined);
    while (!signal.aborted) {
      try {
        if (this.blockPass.status.reorgs !== reorgs) {
          reorgs = this.blockPass.status.reorgs;
          this.readers = this.startReaders();
          await this.resume();
        }
        if (this.next.parties === null || this.next.internal === null) await this.resume();
        const [reread] = await this.reader.query('SELECT (min(next) - 1)::text AS floor FROM index_rereads WHERE chain = $1', [this.chain]);
        this.rereadFloor = reread?.floor === null || reread?.floor === undefined ? null : BigInt(String(reread.floor));
        if (this.finished('parties') && this.finished('internal')) {
          this.progress = { ...this.progress, phase: 'done', error: undefined, failing: undefined };
          return;
        }
        let wrote = false;
        for (const stage of ['parties', 'internal'] as const) {
          const next = this.next[stage];
          const limit = this.limit(stage);
          if (next === null || next > limit || this.finished(stage) || signal.aborted) continue;
          const window = BigInt(Math.max(1, this.options.window ?? WINDOW));
          const end = next + window - 1n < limit ? next + window - 1n : limit;
          await this.readStage(stage, next, end);
          wrote = true;
        }
        const behind = (['parties', 'internal'] as const).some((s) => this.next[s] !== null && (this.next[s] as bigint) <= this.limit(s));
        this.progress = { ...this.progress, phase: behind ? 'reading' : 'live', error: undefined, failing: undefined };
        if (!wrote) {
          this.progress = { ...this.progress, rate: this.meter.note(0) };
          await sleep(pollMs, signal);
        }
      } catch (error) {
        if (signal.aborted) return;
        this.readers = this.startReaders();
        if (isStale(error)) {
          // Blocks the block pass rolled back (or is about to): go on from the cursors as they are now.
          await this.resume().catch(() => undefined);
          await sleep(pollMs, signal);
          continue;
        }
        const message = error instanceof Error ? error.message : String(error);
        const failing = nextFailure(this.progress.failing, message, `index: ${this.chain}: balance pass`, this.options.log);
        this.progress = { ...this.progress, phase: 'error', error: message, failing };
        await this.resume().catch(() => undefined);
        await sleep(Math.min(30_000, 1_000 * 2 ** Math.min(5, failing.count - 1)), signal);
      }
    }
  }

  /** Reads and commits `stage` for stored blocks start..end. */
  private async readStage(stage: BalanceStage, start: bigint, end: bigint): Promise<void> {
    const blocks = await readStoredBlocks(this.reader, this.chain, start, end);
    if (blocks.length !== Number(end - start + 1n)) throw new BalanceCursorMismatchError(`${this.chain}: blocks ${start}..${end} are no longer all stored`);
    const source = this.source.balanceClient ? { chain: this.chain, client: this.source.balanceClient } : this.source;
    const readers = this.readers[stage];
    const facts = await Promise.all(readers.map((r) => r.read(this.reader, source, blocks)));
    const reads: NodeReads = Object.fromEntries(readers.map((r, i) => [r.derivation, facts[i] ?? []]));
    const rate = stage === 'parties' ? this.meter.note(blocks.length) : this.progress.rate;
    await commitBalances(this.session, stage, blocks, balancePass(this.options.derivations), reads, rate, this.options.timing);
    if (this.options.logCommits) this.options.log?.(`index: ${this.chain}: balances ${stage === 'internal' ? '(internal) ' : ''}${start}..${end}`);
    this.next = { ...this.next, [stage]: end + 1n };
    this.progress = { ...this.progress, [stage]: end, rate };
  }
}
