/**
 * The embedded driver: PGlite on a data directory (or in memory when none is given). PGlite is
 * single-process and runs one statement at a time; its `transaction` holds it exclusively, so
 * reads issued meanwhile simply wait their turn.
 *
 * Two processes must never open one data directory: PGlite does not stop them and the second
 * would corrupt it. A lock file naming the owner refuses the second process with a message
 * pointing at DATABASE_URL (a real server) for several processes (data-dir-lock.ts).
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { IndexDbError, toParams, type Db, type Listening, type Queryable, type Row, type WriterSession } from './db';
import { lockDataDir } from './data-dir-lock';
import { startPgliteThread } from './pglite-thread';

/**
 * The PostgreSQL extensions the index's migrations create (pg_trgm: the trigram indexes search
 * reads, migration 19), loaded on every open: an index built with them cannot be used without.
 * A PostgreSQL server ships them in its contrib package; pglite-thread.ts loads the same list.
 */
const PGLITE_EXTENSIONS = { pg_trgm };

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
  let listenOn: (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>;
  try {
    const thread = options.thread === false ? null : await startPgliteThread(dataDir, toParams);
    if (thread) {
      base = { query: (sql, params = []) => thread.query(sql, [...params]) };
      transaction = thread.transaction;
      listenOn = thread.listen;
      closeDb = thread.close;
    } else {
      const pg = await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS });
      base = wrap(pg);
      transaction = (fn) => pg.transaction((tx) => fn(wrap(tx)));
      listenOn = (channel, onNotify) => pg.listen(channel, onNotify);
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
    // One process owns the database: every NOTIFY is this process's own, and nothing can be lost.
    async listen(channel, onNotify): Promise<Listening> {
      const unlisten = await listenOn(channel, onNotify);
      return { lost: new Promise<Error>(() => {}), close: () => (closed ? Promise.resolve() : unlisten()) };
    },
    async close() {
      if (closed) return;
      closed = true;
      await closeDb();
      unlock();
    },
  };
}
