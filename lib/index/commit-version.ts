/**
 * The index's version as every process reading it sees it: `<epoch>.<count>` of the database's
 * commit counter (migration 11, index_commits), which every committed block window, rollback and
 * re-read raises, whichever process writes. One interface for both drivers:
 *
 *   PostgreSQL  LISTEN strata_index_commits on a connection of its own: the count arrives with the
 *               commit's NOTIFY, so an explorer reading an index `npm run indexer` writes knows a
 *               commit as soon as the writer does
 *   PGlite      PGlite's own LISTEN in this process (the only one that can open it): the NOTIFY is
 *               delivered before the notifying COMMIT resolves
 *
 * The counter is read once each time the LISTEN is (re)established, so a commit made while no
 * one listened is not missed; notifications move it forward. While not listening (the connection
 * lost, the database down) the version is unknown: readers then share only reads in flight, which
 * is slower but never stale. The LISTEN is retried with a backoff, and each loss and recovery logged.
 */
import type { Db, Listening } from './drivers/db';
import { sleep } from './engine/sleep';

export const COMMITS_CHANNEL = 'strata_index_commits';

export interface CommitVersion {
  /** The version as last read or announced; undefined while not listening. */
  current(): string | undefined;
  /** Resolves once the first attempt to listen has succeeded or failed. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

export interface CommitVersionOptions {
  readonly log?: (line: string) => void;
  /** First wait before listening again after a failure; doubled up to `maxRetryMs` (defaults 250 ms, 5 s). */
  readonly retryMs?: number;
  readonly maxRetryMs?: number;
}

export function watchCommitVersion(db: Db, options: CommitVersionOptions = {}): CommitVersion {
  const log = options.log ?? (() => {});
  const firstRetry = options.retryMs ?? 250;
  const maxRetry = options.maxRetryMs ?? 5_000;
  const stopping = new AbortController();
  const stopped = new Promise<void>((resolve) => stopping.signal.addEventListener('abort', () => resolve(), { once: true }));
  let epoch: string | undefined;
  let count = -1n;
  let listening = false;
  /** Attempts that failed or were lost since the LISTEN last held. */
  let failures = 0;
  let settleReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (settleReady = resolve));

  const onNotify = (payload: string): void => {
    if (!/^\d{1,19}$/.test(payload)) return;
    const announced = BigInt(payload);
    if (announced > count) count = announced;
  };

  /** Listens, reads the counter, and waits until the connection is lost or the watch closed. */
  async function listenOnce(): Promise<{ readonly listened: boolean; readonly error: Error }> {
    let listen: Listening | undefined;
    let listened = false;
    // Counted afresh per LISTEN: the row read below covers every commit before it.
    count = -1n;
    try {
      listen = await db.listen(COMMITS_CHANNEL, onNotify);
      const [row] = await db.query('SELECT epoch, count::text AS count FROM index_commits');
      if (!row || typeof row.epoch !== 'string' || typeof row.count !== 'string') throw new Error('index_commits holds no row');
      const read = BigInt(row.count);
      // A notification that came while the row was read may be newer than the row's snapshot.
      if (read > count) count = read;
      epoch = row.epoch;
      listening = listened = true;
      if (failures > 0) log(`index: listening for the index's commits again (after ${failures} failed attempt(s))`);
      failures = 0;
      settleReady();
      return { listened, error: (await Promise.race([listen.lost, stopped.then(() => new Error('closed'))])) };
    } catch (error) {
      return { listened, error: error as Error };
    } finally {
      listening = false;
      await listen?.close().catch(() => undefined);
    }
  }

  const running = (async () => {
    let wait = firstRetry;
    while (!stopping.signal.aborted) {
      const { listened, error } = await listenOnce();
      settleReady();
      if (stopping.signal.aborted) break;
      if (listened) wait = firstRetry;
      failures++;
      log(`index: not listening for the index's commits (${error.message}): reads are shared only while in flight; listening again in ${wait} ms`);
      await sleep(wait, stopping.signal);
      wait = Math.min(wait * 2, maxRetry);
    }
  })();

  return {
    current: () => (listening && epoch !== undefined ? `${epoch}.${count}` : undefined),
    ready,
    async close() {
      stopping.abort();
      await running;
    },
  };
}
