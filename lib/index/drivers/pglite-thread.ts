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
  // Writes run as named prepared statements through PGlite's wire-protocol entry point: parsed
  // and planned once per session, then each run is one Bind/Execute/Sync exchange, where
  // pg.query parses, describes and plans every time (six exchanges). Values come as text already
  // (the main thread serialized them, arrays included); the answer's rows are not needed.
  const statements = new Map();
  let statementCount = 0;
  const int16 = (n) => { const b = Buffer.alloc(2); b.writeInt16BE(n); return b; };
  const int32 = (n) => { const b = Buffer.alloc(4); b.writeInt32BE(n); return b; };
  const cstring = (s) => Buffer.concat([Buffer.from(s, 'utf8'), Buffer.alloc(1)]);
  const frame = (type, body) => Buffer.concat([Buffer.from(type, 'latin1'), int32(body.length + 4), body]);
  async function runPrepared(sql, values) {
    const known = statements.get(sql);
    const name = known || 'strata_' + statementCount++;
    const frames = [];
    if (!known) frames.push(frame('P', Buffer.concat([cstring(name), cstring(sql), int16(0)])));
    const encoded = values.map((v) => {
      if (v === null) return int32(-1);
      const bytes = Buffer.from(v, 'utf8');
      return Buffer.concat([int32(bytes.length), bytes]);
    });
    frames.push(frame('B', Buffer.concat([cstring(''), cstring(name), int16(0), int16(values.length), ...encoded, int16(0)])));
    frames.push(frame('E', Buffer.concat([cstring(''), int32(0)])));
    frames.push(frame('S', Buffer.alloc(0)));
    await pg.execProtocol(Buffer.concat(frames));
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

/**
 * An escape JSON.stringify writes and PostgreSQL's array syntax does not read the same way (\n,
 * \t, \uXXXX…): a backslash starting one is preceded by an even run of backslashes (\\ is an
 * escaped backslash, read alike by both).
 */
const JSON_ONLY_ESCAPE = /(?<!\\)(?:\\\\)*\\[bfnrtu]/;

/**
 * A parameter in PostgreSQL's text format, as a Bind message carries it (null for SQL NULL), or
 * undefined for a value this does not handle (the statement then goes through pg.query, whose
 * serializers know every type). Arrays are one-dimensional: the index's column arrays.
 */
function wireValue(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    let textOnly = true;
    for (const element of value) {
      if (element === null || typeof element === 'string') continue;
      if (typeof element !== 'number' && typeof element !== 'boolean') return undefined;
      textOnly = false;
    }
    // JSON's array, in braces, is PostgreSQL's array literal when its only escapes are \" and \\
    // (both read the same way); null is read as NULL. This is the common case (hex, decimals,
    // names), and JSON.stringify is native: the index's column arrays serialize here.
    const json = textOnly ? JSON.stringify(value) : '';
    if (textOnly && !JSON_ONLY_ESCAPE.test(json)) return `{${json.slice(1, -1)}}`;
    // Numbers, or text with control characters or lone surrogates (JSON writes \n, \uXXXX): quoted one by one.
    const elements = (value as (string | number | boolean | null)[]).map((element) =>
      element === null ? 'NULL' : `"${String(element).replace(/["\\]/g, '\\$&')}"`,
    );
    return `{${elements.join(',')}}`;
  }
  return undefined;
}

/** Every parameter in text format, or null when one is not plain (see wireValue). */
export function wireText(params: readonly unknown[]): (string | null)[] | null {
  const values: (string | null)[] = [];
  for (const p of params) {
    const v = wireValue(p);
    if (v === undefined) return null;
    values.push(v);
  }
  return values;
}

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
