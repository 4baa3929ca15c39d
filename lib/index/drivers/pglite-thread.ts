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
 * One session, like PGlite itself: statements run one at a time in the order posted; a transaction
 * posts everything from BEGIN to COMMIT before anyone else may post, and statements issued
 * meanwhile by others wait their turn (pipelined-session.ts). Writes inside a transaction are
 * posted without waiting for their answers and run as prepared statements (docs/indexer.md, "The writer").
 */
import { Worker } from 'node:worker_threads';
import type { Queryable, Row } from './db';
import { pipelinedSession } from './pipelined-session';
import { wireText } from './wire-text';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const { join } = require('node:path');
(async () => {
  let pg;
  try {
    const load = createRequire(join(process.cwd(), 'strata-index-worker.js'));
    const { PGlite } = load('@electric-sql/pglite');
    // The index's extensions (pglite-driver.ts, PGLITE_EXTENSIONS), on every open: their indexes need them.
    const { pg_trgm } = load('@electric-sql/pglite/contrib/pg_trgm');
    pg = await PGlite.create(workerData.dataDir, { extensions: { pg_trgm } });
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
  // Writes run as named prepared statements through PGlite's wire-protocol entry point: parsed
  // and planned once per session, then each run is one Bind/Execute/Sync exchange, where
  // pg.query parses, describes and plans every time (six exchanges). Values come as text already
  // (the main thread serialized them, arrays included); the answer's rows are not needed.
  const statements = new Map();
  let statementCount = 0;
  // The frames are written into one buffer, reused from statement to statement (PGlite copies
  // them into its memory before execProtocol answers, and this worker runs one at a time): a
  // window's column arrays are megabytes, which a buffer per value and per frame, concatenated
  // three times over, copied four times into fresh memory for the garbage collector.
  let scratch = Buffer.allocUnsafe(1 << 20);
  async function runPrepared(sql, values) {
    const known = statements.get(sql);
    const name = known || 'strata_' + statementCount++;
    // The most these frames can take: UTF-8 is at most three bytes per UTF-16 unit.
    let most = 64 + 3 * (name.length + (known ? 0 : sql.length));
    for (const v of values) most += 4 + (v === null ? 0 : 3 * v.length);
    if (scratch.length < most) scratch = Buffer.allocUnsafe(Math.max(most, scratch.length * 2));
    const b = scratch;
    let at = 0;
    const cstring = (s) => { at += b.write(s, at, 'utf8'); b[at++] = 0; };
    // A frame: its type byte, then its length (itself included), patched once its body is written.
    const frame = (type, body) => { b[at++] = type.charCodeAt(0); const start = at; at += 4; body(); b.writeInt32BE(at - start, start); };
    if (!known) frame('P', () => { cstring(name); cstring(sql); at = b.writeInt16BE(0, at); });
    frame('B', () => {
      cstring('');
      cstring(name);
      at = b.writeInt16BE(0, at);
      at = b.writeInt16BE(values.length, at);
      for (const v of values) {
        if (v === null) { at = b.writeInt32BE(-1, at); continue; }
        const start = at;
        at += 4;
        at += b.write(v, at, 'utf8');
        b.writeInt32BE(at - start - 4, start);
      }
      at = b.writeInt16BE(0, at);
    });
    frame('E', () => { cstring(''); at = b.writeInt32BE(0, at); });
    frame('S', () => {});
    await pg.execProtocol(b.subarray(0, at));
    statements.set(sql, name);
    return { rows: [] };
  }
  // LISTEN: PGlite calls back as it reads a NOTIFY from a statement's answer (a COMMIT's), so the
  // notification is posted before that statement's own answer, and the main thread sees it first.
  const listening = new Map();
  async function handle(m) {
    try {
      if (m.listen) {
        if (!listening.has(m.listen)) {
          listening.set(m.listen, await pg.listen(m.listen, (payload) => parentPort.postMessage({ notify: m.listen, payload })));
        }
        parentPort.postMessage({ id: m.id, rows: [] });
        return;
      }
      if (m.unlisten) {
        const unlisten = listening.get(m.unlisten);
        listening.delete(m.unlisten);
        if (unlisten) await unlisten();
        parentPort.postMessage({ id: m.id, rows: [] });
        return;
      }
      if (m.close) {
        await pg.close();
        parentPort.postMessage({ id: m.id, rows: [] });
        return;
      }
      const result = m.prepared ? await runPrepared(m.sql, m.params) : await pg.query(m.sql, m.params);
      parentPort.postMessage({ id: m.id, rows: result.rows });
    } catch (error) {
      parentPort.postMessage({ id: m.id, error: { message: String((error && error.message) || error), code: error && error.code } });
    }
  }
})();
`;

interface Reply {
  readonly id: number;
  readonly rows?: Row[];
  readonly error?: { message: string; code?: string };
}

/** A NOTIFY on a channel the main thread listens on, posted by the worker. */
interface Notification {
  readonly notify: string;
  readonly payload: string;
}

export interface PgliteThread {
  query(sql: string, params: unknown[]): Promise<readonly Row[]>;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** LISTEN on `channel` (PGlite's own); resolves, once in force, to the UNLISTEN. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Starts PGlite on a worker thread; null when the worker cannot load it (the caller runs it in-thread). */
export async function startPgliteThread(dataDir: string | undefined, toParams: (p: readonly unknown[]) => unknown[]): Promise<PgliteThread | null> {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { dataDir } });
  const ready = await new Promise<{ ready: boolean; error?: string }>((resolve) => {
    worker.once('message', resolve);
    worker.once('error', (error) => resolve({ ready: false, error: error.message }));
    // A worker that ends without a word (terminated, out of memory) must not leave the start waiting.
    worker.once('exit', (code) => resolve({ ready: false, error: `the worker exited with code ${code}` }));
  });
  if (!ready.ready) {
    await worker.terminate();
    return null;
  }
  const waiting = new Map<number, { resolve: (rows: Row[]) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  // Referenced only while a statement is out: an idle database must not keep the process alive.
  worker.unref();
  const listeners = new Map<string, (payload: string) => void>();
  worker.on('message', (reply: Reply | Notification) => {
    if ('notify' in reply) {
      listeners.get(reply.notify)?.(reply.payload);
      return;
    }
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
  const send = (message: { sql?: string; params?: unknown[]; prepared?: true; close?: true; listen?: string; unlisten?: string }): Promise<Row[]> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      if (waiting.size === 0) worker.ref();
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  const run = (sql: string, params: readonly unknown[] = []): Promise<Row[]> => send({ sql, params: toParams(params) });
  /** A write whose rows are not needed: as a prepared statement when its values serialize as text. */
  const runWrite = (sql: string, params: readonly unknown[] = []): Promise<Row[]> => {
    const values = wireText(toParams(params));
    return values ? send({ sql, params: values, prepared: true }) : run(sql, params);
  };

  // One session, pipelined (pipelined-session.ts): the worker runs what it receives in order, so
  // the database goes from one transaction to the next without waiting for this thread.
  const session = pipelinedSession(run, runWrite);

  return {
    query: session.query,
    transaction: session.transaction,
    async listen(channel, onNotify) {
      listeners.set(channel, onNotify);
      await session.inOrder(() => send({ listen: channel }));
      return async () => {
        listeners.delete(channel);
        await session.inOrder(() => send({ unlisten: channel }));
      };
    },
    async close() {
      await session.inOrder(() => send({ close: true }));
      await worker.terminate();
    },
  };
}
