/**
 * The index writer: becomes the one writer of the database (or waits as a standby, retrying,
 * so that it takes over when the writer dies), then runs one ChainFollower per zone chain until
 * stopped. Losing the writer connection stops the followers and sends it back to standby.
 */
import type { Db, WriterSession } from './db';
import { ChainFollower, type ChainProgress, type FollowOptions } from './chain-follower';
import type { BlockSource } from './fetch-block';
import { progressLine } from './progress-line';
import { DERIVATIONS } from './block-store';
import { Rereader, type RereadProgress } from './rereader';
import { sleep } from './sleep';

export interface IndexWriterOptions extends FollowOptions {
  readonly db: Db;
  readonly sources: readonly BlockSource[];
  /** How often a standby retries the writer lock (default 2,000 ms). */
  readonly standbyMs?: number;
  /** Blocks per transaction of a re-read (rereader.ts; default 32). */
  readonly rereadWindow?: number;
  /** Progress line interval while backfilling (default 2,000 ms); 0 prints none. */
  readonly progressMs?: number;
}

export type WriterRole = 'standby' | 'writer' | 'stopped';

export interface IndexWriterStatus {
  readonly role: WriterRole;
  readonly chains: readonly ChainProgress[];
  /** Per chain, the re-read of blocks for derivations a migration added (rereader.ts). */
  readonly rereads: readonly RereadProgress[];
}

export interface IndexWriter {
  status(): IndexWriterStatus;
  /** Resolves when every chain reached `until` (never without it), or after stop(). */
  readonly done: Promise<void>;
  stop(): Promise<void>;
}


export function startIndexWriter(options: IndexWriterOptions): IndexWriter {
  const log = options.log ?? (() => {});
  const stopping = new AbortController();
  let role: WriterRole = 'standby';
  let followers: ChainFollower[] = [];
  let rereaders: Rereader[] = [];

  async function runAsWriter(session: WriterSession): Promise<boolean> {
    role = 'writer';
    const lost = new AbortController();
    const abort = (): void => lost.abort();
    stopping.signal.addEventListener('abort', abort, { once: true });
    let lostReason: Error | undefined;
    void session.lost.then((error) => {
      lostReason = error;
      lost.abort();
    });
    followers = options.sources.map((source) => new ChainFollower(source, session, options));
    // Beside each follower, the re-read of what a migration added (nothing to do on most starts).
    const derivations = options.derivations ?? DERIVATIONS;
    rereaders = options.sources.map((source) => new Rereader(source, session, { derivations, log, window: options.rereadWindow, logCommits: options.logCommits }));
    const printer = startPrinter(lost.signal);
    await Promise.all([...followers.map((f) => f.run(lost.signal)), ...rereaders.map((r) => r.run(lost.signal))]);
    printer();
    stopping.signal.removeEventListener('abort', abort);
    if (lostReason) log(`index: lost the writer connection (${lostReason.message}); back to standby`);
    await session.release();
    return followers.every((f) => f.status.phase === 'done') && rereaders.every((r) => r.status.phase === 'done');
  }

  /** Prints the progress line every progressMs while any chain backfills, and once when all are live. */
  function startPrinter(signal: AbortSignal): () => void {
    const every = options.progressMs ?? 2_000;
    if (every <= 0) return () => {};
    let wasBehind = false;
    const timer = setInterval(() => {
      const chains = followers.map((f) => f.status);
      const behind = chains.some((c) => c.phase === 'backfill' || c.phase === 'starting');
      if (behind || wasBehind) log(progressLine(chains));
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
      } catch (error) {
        log(`index: cannot reach the database: ${(error as Error).message}`);
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
    status: () => ({ role, chains: followers.map((f) => f.status), rereads: rereaders.map((r) => r.status) }),
    done,
    async stop() {
      stopping.abort();
      await done;
    },
  };
}
