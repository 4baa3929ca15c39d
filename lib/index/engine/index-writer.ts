/**
 * The index writer: becomes the one writer of the database (or waits as a standby, retrying,
 * so that it takes over when the writer dies), then runs per zone chain its two passes until
 * stopped: the block pass (a ChainFollower) and, behind it, the trace pass (a TraceFollower) when
 * a derivation needs traces and the balance pass (a BalanceFollower) when one needs balances. Losing the writer connection stops both and sends it back to standby.
 *
 * It writes the derivations it is handed (options.derivations), none of its own: the index's
 * writer, with the list of derivations/index.ts, is composed in lib/index/writer.ts.
 */
import { setMaxListeners } from 'node:events';
import type { Db, WriterSession } from '../drivers/db';
import type { BlockSource } from './block-source';
import { ChainFollower, type ChainFailure, type ChainProgress, type FollowOptions } from './chain-follower';
import { checkDerivations } from './declared-rollback';
import { progressLine } from './progress-line';
import { balancePass, tracePass } from './derivation';
import { BalanceFollower, type BalanceProgress } from './balance-pass/balance-follower';
import { Rereader, type RereadProgress } from './rereader';
import { sleep } from './sleep';
import { TraceFollower, type TraceFollowOptions, type TraceProgress } from './trace-pass/trace-follower';

export interface IndexWriterOptions extends FollowOptions {
  readonly db: Db;
  readonly sources: readonly BlockSource[];
  /** How often a standby retries the writer lock (default 2,000 ms). */
  readonly standbyMs?: number;
  /** Blocks per transaction of a re-read (rereader.ts; default 32). */
  readonly rereadWindow?: number;
  /** Progress line interval while backfilling (default 2,000 ms); 0 prints none. */
  readonly progressMs?: number;
  /** The trace pass's pacing bounds, its share of the node during a backfill, how often it asks again a node that does not trace (trace-follower.ts). */
  readonly trace?: Pick<TraceFollowOptions, 'pacing' | 'probeMs' | 'backfillShare'>;
}

export type WriterRole = 'standby' | 'writer' | 'stopped';

export interface IndexWriterStatus {
  readonly role: WriterRole;
  readonly chains: readonly ChainProgress[];
  /** Per chain, the trace pass (empty when no derivation needs traces). */
  readonly traces: readonly TraceProgress[];
  /** Per chain, the balance pass (empty when no derivation needs balances). */
  readonly balances: readonly BalanceProgress[];
  /** Per chain, the re-read of blocks for derivations a migration added (rereader.ts). */
  readonly rereads: readonly RereadProgress[];
  /**
   * Set while the writer cannot write: a chain whose last FAILING_AFTER turns or more all failed
   * (the longest-failing one), or a database the writer cannot reach to take its lock.
   */
  readonly failure?: WriterFailure;
}

export interface WriterFailure extends ChainFailure {
  /** The chain whose writes fail; absent when the database itself cannot be reached. */
  readonly chain?: ChainProgress['chain'];
}

/**
 * Failed turns in a row after which a chain counts as failing (about six seconds: a turn is
 * retried every two). One failure is often passing (a node's timeout, a reorg met mid-window).
 */
export const FAILING_AFTER = 3;

/**
 * The block pass as the trace pass sees it: still backfilling while the balance pass's parties
 * stage is more than a window behind the block cursor. The trace pass takes a share of the node only
 * while the blocks backfill (trace-follower.ts); on a node that answers one call at a time (the
 * devnet) its batches of traces otherwise kept the balances of blocks already stored waiting.
 */
function behindBlocks(blockPass: ChainFollower, balancer: () => BalanceFollower | undefined): { readonly status: ChainProgress } {
  return {
    get status(): ChainProgress {
      const blocks = blockPass.status;
      const balances = balancer()?.status;
      // Live, or done (a one-off run's block pass that reached `until`): the trace pass would go full speed.
      if ((blocks.phase !== 'live' && blocks.phase !== 'done') || !balances || balances.phase === 'done' || blocks.indexed === null) return blocks;
      return balances.parties === null || blocks.indexed - balances.parties > BALANCES_BEHIND ? { ...blocks, phase: 'backfill' } : blocks;
    },
  };
}

/** Blocks the balance pass's parties stage may lag the block cursor before the trace pass yields to it. */
const BALANCES_BEHIND = 64n;

/** The longest-failing chain that failed FAILING_AFTER times in a row, if any. */
function failingChain(chains: readonly ChainProgress[]): WriterFailure | undefined {
  let worst: WriterFailure | undefined;
  for (const c of chains) {
    if (c.failing && c.failing.count >= FAILING_AFTER && (!worst || c.failing.since < worst.since)) worst = { ...c.failing, chain: c.chain };
  }
  return worst;
}

export interface IndexWriter {
  status(): IndexWriterStatus;
  /**
   * Resolves when both passes of every chain reached `until` (a trace pass also when the node does
   * not trace: the status says so), never without it; or after stop().
   */
  readonly done: Promise<void>;
  stop(): Promise<void>;
}


export function startWriter(options: IndexWriterOptions): IndexWriter {
  checkDerivations(options.derivations);
  const log = options.log ?? (() => {});
  const stopping = new AbortController();
  let role: WriterRole = 'standby';
  let followers: ChainFollower[] = [];
  let tracers: TraceFollower[] = [];
  let balancers: BalanceFollower[] = [];
  let rereaders: Rereader[] = [];
  /** The database refused or did not answer tryBecomeWriter (counted like a chain's failures). */
  let unreachable: ChainFailure | undefined;

  async function runAsWriter(session: WriterSession): Promise<boolean> {
    role = 'writer';
    const lost = new AbortController();
    // Every zone's block pass, trace pass and re-reader wait on this one signal (and their
    // sleeps and node calls add listeners): 27 on a 3x3 network, past Node's default warning at 10.
    setMaxListeners(0, lost.signal);
    const abort = (): void => lost.abort();
    stopping.signal.addEventListener('abort', abort, { once: true });
    let lostReason: Error | undefined;
    void session.lost.then((error) => {
      lostReason = error;
      lost.abort();
    });
    // The block pass's node readers look up the index through the pool, beside the writer's commits.
    followers = options.sources.map((source) => new ChainFollower(source, session, options, options.db));
    // Behind each block pass, the trace pass; it reads stored blocks through the database's pool
    // (the writer session stays free for commits).
    const { derivations } = options;
    const traceOptions: TraceFollowOptions = { ...options.trace, derivations, until: options.until, log, logCommits: options.logCommits, timing: options.timing };
    // The trace pass yields to the block pass while it backfills; the balance pass's first stage, right
    // behind the blocks and far cheaper than tracing, counts as part of that backfill (behindBlocks).
    tracers = tracePass(derivations).length === 0 ? [] : followers.map((f, i) => new TraceFollower(options.sources[i]!, session, options.db, behindBlocks(f, () => balancers[i]), traceOptions));
    // Behind them, the balance pass (its internal stage behind the trace pass), reading through the pool too.
    // Its windows are twice the block pass's (a window of balances asks the node less than one of blocks).
    const balanceOptions = { derivations, until: options.until, log, logCommits: options.logCommits, timing: options.timing, window: 2 * options.concurrency };
    balancers = balancePass(derivations).length === 0 ? [] : followers.map((f, i) => new BalanceFollower(options.sources[i]!, session, options.db, f, tracers[i] ?? null, balanceOptions));
    // Beside each follower, the re-read of what a migration added (nothing to do on most starts).
    rereaders = options.sources.map((source) => new Rereader(source, session, { derivations, log, window: options.rereadWindow, logCommits: options.logCommits }));
    const printer = startPrinter(lost.signal);
    await Promise.all([
      ...followers.map((f) => f.run(lost.signal)), ...tracers.map((t) => t.run(lost.signal)), ...balancers.map((b) => b.run(lost.signal)),
      ...rereaders.map((r) => r.run(lost.signal)),
    ]);
    printer();
    stopping.signal.removeEventListener('abort', abort);
    if (lostReason) log(`index: lost the writer connection (${lostReason.message}); back to standby`);
    await session.release();
    return [...followers, ...tracers, ...balancers, ...rereaders].every((f) => f.status.phase === 'done');
  }

  /** Prints the progress line every progressMs while any chain backfills, and once when all are live. */
  function startPrinter(signal: AbortSignal): () => void {
    const every = options.progressMs ?? 2_000;
    if (every <= 0) return () => {};
    let wasBehind = false;
    const timer = setInterval(() => {
      const chains = followers.map((f) => f.status);
      const behind = chains.some((c) => c.phase === 'backfill' || c.phase === 'starting');
      if (behind || wasBehind) log(progressLine(chains, tracers.map((t) => t.status), balancers.map((b) => b.status)));
      wasBehind = behind;
    }, every);
    signal.addEventListener('abort', () => clearInterval(timer), { once: true });
    return () => clearInterval(timer);
  }

  const done = (async () => {
    let announcedStandby = false;
    while (!stopping.signal.aborted) {
      let session: WriterSession | null = null;
      try {
        session = await options.db.tryBecomeWriter();
        unreachable = undefined;
      } catch (error) {
        const message = `cannot reach the database: ${(error as Error).message}`;
        log(`index: ${message}`);
        unreachable = { count: (unreachable?.count ?? 0) + 1, since: unreachable?.since ?? Date.now(), error: message };
        role = 'standby';
        await sleep(options.standbyMs ?? 2_000, stopping.signal);
        continue;
      }
      if (!session) {
        if (!announcedStandby) log('index: another process is writing this index; standing by to take over');
        announcedStandby = true;
        role = 'standby';
        await sleep(options.standbyMs ?? 2_000, stopping.signal);
        continue;
      }
      if (announcedStandby) log('index: took over as the writer');
      announcedStandby = false;
      if (await runAsWriter(session)) break;
    }
    role = 'stopped';
  })();

  return {
    status: () => {
      const chains = followers.map((f) => f.status);
      const failure = role === 'writer' ? failingChain(chains) : unreachable && unreachable.count >= FAILING_AFTER ? unreachable : undefined;
      return {
        role, chains, traces: tracers.map((t) => t.status), balances: balancers.map((b) => b.status), rereads: rereaders.map((r) => r.status),
        ...(failure ? { failure } : {}),
      };
    },
    done,
    async stop() {
      stopping.abort();
      await done;
    },
  };
}
