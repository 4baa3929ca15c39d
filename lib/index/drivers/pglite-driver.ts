/**
 * The embedded driver: PGlite on a data directory (or in memory when none is given). PGlite is
 * single-process and runs one statement at a time; its `transaction` holds it exclusively, so
 * reads issued meanwhile simply wait their turn.
 *
 * Two processes must never open one data directory: PGlite does not stop them and the second
 * would corrupt it. A lock file holding the owner's pid refuses the second process with a message
 * pointing at DATABASE_URL (a real server) for several processes.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { IndexDbError, toParams, type Db, type Queryable, type Row, type WriterSession } from './db';
import { startPgliteThread } from './pglite-thread';

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes `<dir>/strata-index.lock`; a stale lock (its process gone, e.g. after kill -9) is taken over. */
function lockDataDir(dir: string): () => void {
  const file = join(dir, 'strata-index.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && pidAlive(owner)) {
        throw new IndexDbError(
          `the embedded index at ${dir} is open in process ${owner}; PGlite serves one process (use DATABASE_URL for several)`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new IndexDbError(`could not lock the embedded index at ${dir}`);
}

function wrap(q: { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }> }): Queryable {
  return {
    async query(sql, params = []) {
      const result = await q.query(sql, toParams(params));
      return result.rows as Row[];
    },
  };
}

/**
 * Opens (creating if needed) an embedded index; `dataDir` undefined keeps it in memory. PGlite runs
 * on a worker thread (pglite-thread.ts) unless `thread` is false or the worker cannot load it.
 */
export async function openPglite(dataDir?: string, options: { thread?: boolean } = {}): Promise<Db> {
  let unlock = (): void => {};
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  let base: Queryable;
  let transaction: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;
  let closeDb: () => Promise<void>;
  try {
    const thread = options.thread === false ? null : await startPgliteThread(dataDir, toParams);
    if (thread) {
      base = { query: (sql, params = []) => thread.query(sql, [...params]) };
      transaction = thread.transaction;
      closeDb = thread.close;
    } else {
      const pg = await PGlite.create(dataDir);
      base = wrap(pg);
      transaction = (fn) => pg.transaction((tx) => fn(wrap(tx)));
      closeDb = () => pg.close();
    }
    // A commit need not wait for its WAL to be written out: after a crash PostgreSQL recovers to
    // a consistent state that may lack the last commits (data pages never get ahead of the WAL),
    // so the index holds whole blocks up to a cursor maybe a few windows back, which the writer
    // simply reads again. PGlite runs with fsync off anyway; waiting for each commit's WAL write
    // was most of the embedded backfill's cost (docs/indexer.md, "Measured").
    await base.query('SET synchronous_commit TO off');
  } catch (error) {
    unlock();
    throw new IndexDbError(`cannot open the embedded index${dataDir ? ` at ${dataDir}` : ''}: ${(error as Error).message}`);
  }
  let closed = false;
  const session: WriterSession = {
    query: base.query,
    transaction,
    lost: new Promise<Error>(() => {}),
    release: async () => {},
  };
  return {
    kind: 'pglite',
    query: base.query,
    transaction,
    tryBecomeWriter: async () => session,
    async close() {
      if (closed) return;
      closed = true;
      await closeDb();
      unlock();
    },
  };
}
