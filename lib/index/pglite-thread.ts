/**
 * PGlite on a worker thread. PGlite runs PostgreSQL as WebAssembly, synchronously: on the main
 * thread every statement stops the event loop, so while the writer inserts a window nothing else
 * runs (the next window's fetch, the pages being served). On its own thread the database works
 * while the main thread fetches: the backfill costs about the larger of the two instead of their sum.
 *
 * The worker is plain CommonJS given as source (eval), so no bundler needs to know about a worker
 * file; it loads the package resolved from the working directory, as the server does. When it
 * cannot start (a layout where that resolution fails), the caller falls back to PGlite on the main
 * thread (pglite-driver.ts): slower, same behaviour.
 *
 * One session, like PGlite itself: statements run one at a time in order; a transaction holds the
 * session from BEGIN to COMMIT, and statements issued meanwhile by others wait their turn.
 */
import { Worker } from 'node:worker_threads';
import { RETURNS_NO_ROWS, type Queryable, type Row } from './db';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const { join } = require('node:path');
(async () => {
  let pg;
  try {
    const { PGlite } = createRequire(join(process.cwd(), 'strata-index-worker.js'))('@electric-sql/pglite');
    pg = await PGlite.create(workerData.dataDir);
  } catch (error) {
    parentPort.postMessage({ ready: false, error: String((error && error.message) || error) });
    return;
  }
  parentPort.postMessage({ ready: true });
  // One statement at a time, in the order posted (a transaction's writes arrive without waiting).
  let tail = Promise.resolve();
  parentPort.on('message', (m) => {
    tail = tail.then(() => handle(m));
  });
  async function handle(m) {
    try {
      if (m.close) {
        await pg.close();
        parentPort.postMessage({ id: m.id, rows: [] });
        return;
      }
      const result = await pg.query(m.sql, m.params);
      parentPort.postMessage({ id: m.id, rows: result.rows });
    } catch (error) {
      parentPort.postMessage({ id: m.id, error: { message: String((error && error.message) || error), code: error && error.code } });
    }
  }
})();
`;

/** Statements whose answer a transaction does not need: posted without waiting (see transaction). */
const WRITE = /^\s*(INSERT|UPDATE|DELETE)\b/i;

interface Reply {
  readonly id: number;
  readonly rows?: Row[];
  readonly error?: { message: string; code?: string };
}

export interface PgliteThread {
  query(sql: string, params: unknown[]): Promise<Row[]>;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Starts PGlite on a worker thread; null when the worker cannot load it (the caller runs it in-thread). */
export async function startPgliteThread(dataDir: string | undefined, toParams: (p: readonly unknown[]) => unknown[]): Promise<PgliteThread | null> {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { dataDir } });
  const ready = await new Promise<{ ready: boolean; error?: string }>((resolve) => {
    worker.once('message', resolve);
    worker.once('error', (error) => resolve({ ready: false, error: error.message }));
  });
  if (!ready.ready) {
    await worker.terminate();
    return null;
  }
  const waiting = new Map<number, { resolve: (rows: Row[]) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  // Referenced only while a statement is out: an idle database must not keep the process alive.
  worker.unref();
  worker.on('message', (reply: Reply) => {
    const entry = waiting.get(reply.id);
    if (!entry) return;
    waiting.delete(reply.id);
    if (waiting.size === 0) worker.unref();
    if (reply.error) entry.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    else entry.resolve(reply.rows ?? []);
  });
  worker.on('error', (error) => {
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  });
  const send = (message: { sql?: string; params?: unknown[]; close?: true }): Promise<Row[]> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      if (waiting.size === 0) worker.ref();
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  const run = (sql: string, params: readonly unknown[] = []): Promise<Row[]> => send({ sql, params: toParams(params) });

  // One session: each job (a statement, or a whole transaction) waits for the one before.
  let tail: Promise<unknown> = Promise.resolve();
  const one = <T>(job: () => Promise<T>): Promise<T> => {
    const result = tail.then(job, job);
    tail = result.catch(() => undefined);
    return result;
  };

  return {
    query: (sql, params) => one(() => run(sql, params)),
    transaction: (fn) =>
      one(async () => {
        // Writes are pipelined: a statement that returns no rows is posted without waiting for
        // its answer (the worker runs them in order), so a window's inserts reach the database
        // back to back instead of each waiting for a turn of this busy event loop. The first
        // failure is kept and thrown; the COMMIT after it becomes a ROLLBACK.
        let failure: Error | undefined;
        let last: Promise<unknown> = Promise.resolve();
        const post = (sql: string, params: readonly unknown[] = []): void => {
          last = run(sql, params).catch((error: Error) => {
            failure ??= error;
          });
        };
        const tx: Queryable = {
          async query(sql, params = []) {
            if (!sql.startsWith(RETURNS_NO_ROWS) && (!WRITE.test(sql) || /\bRETURNING\b/i.test(sql))) {
              await last;
              if (failure) throw failure;
              return run(sql, params);
            }
            post(sql, params);
            return [];
          },
        };
        post('BEGIN');
        try {
          const result = await fn(tx);
          // COMMIT follows the writes without waiting for them: after a failed write PostgreSQL
          // answers it by rolling back, and the failure is thrown here.
          const committed = run('COMMIT');
          await last;
          await committed;
          if (failure) throw failure;
          return result;
        } catch (error) {
          await last;
          await run('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    async close() {
      await one(() => send({ close: true }));
      await worker.terminate();
    },
  };
}
