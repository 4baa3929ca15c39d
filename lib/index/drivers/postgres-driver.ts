/**
 * The server driver: `pg` against DATABASE_URL. Readers share a small pool; the writer gets a
 * dedicated connection that holds the session advisory lock and carries every write, so losing
 * that connection loses the lock and the ability to write at the same moment (no window in which
 * a stale writer writes while a new one already took over). The writer's connection is pipelined
 * (pipelined-session.ts), as the embedded driver's worker is.
 */
import pg from 'pg';
import { IndexDbError, WRITER_LOCK_KEY, toParams, type Db, type Listening, type Queryable, type Row, type WriterSession } from './db';
import { redactUrl } from '@/lib/ops/config';
import { pipelinedSession } from './pipelined-session';
import { wireText } from './wire-text';

type Client = pg.Client | pg.PoolClient;

function queryOn(client: Client): Queryable['query'] {
  return async (sql, params = []) => (await client.query(sql, toParams(params))).rows as Row[];
}

/** The writer's statements, their column arrays serialized as array literals (wire-text.ts) when they can be. */
function writeOn(client: Client): Queryable['query'] {
  return async (sql, params = []) => {
    const values = toParams(params);
    return (await client.query(sql, wireText(values) ?? values)).rows as Row[];
  };
}

async function inTransaction<T>(client: Client, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await fn({ query: queryOn(client) });
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

export async function openPostgres(url: string, options: { poolSize?: number } = {}): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 4, connectionTimeoutMillis: 5_000 });
  // An idle pooled connection that dies must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new IndexDbError(`cannot reach the index database at ${redactUrl(url)}: ${(error as Error).message}`);
  }

  async function tryBecomeWriter(): Promise<WriterSession | null> {
    // Pipeline mode: a statement is sent without waiting for the answers before it (the session's
    // order and transactions are pipelined-session.ts's), so a window's commit reaches the server
    // whole even while this thread is busy fetching the next windows.
    const client = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000, pipeline: true });
    let onLost: (error: Error) => void = () => {};
    const lost = new Promise<Error>((resolve) => (onLost = resolve));
    client.on('error', (error) => onLost(error));
    client.on('end', () => onLost(new Error('the writer connection closed')));
    await client.connect();
    const [row] = (await client.query('SELECT pg_try_advisory_lock($1) AS locked', [WRITER_LOCK_KEY.toString()])).rows as Row[];
    if (row?.locked !== true) {
      await client.end().catch(() => undefined);
      return null;
    }
    const session = pipelinedSession(queryOn(client), writeOn(client));
    return {
      query: session.query,
      transaction: session.transaction,
      lost,
      release: async () => {
        await client.end().catch(() => undefined);
      },
    };
  }

  async function listen(channel: string, onNotify: (payload: string) => void): Promise<Listening> {
    const client = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    let onLost: (error: Error) => void = () => {};
    const lost = new Promise<Error>((resolve) => (onLost = resolve));
    client.on('error', (error) => onLost(error));
    client.on('end', () => onLost(new Error('the listening connection closed')));
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw new IndexDbError(`cannot listen on the index database at ${redactUrl(url)}: ${(error as Error).message}`);
    }
    return { lost, close: () => client.end().catch(() => undefined) };
  }

  return {
    kind: 'postgres',
    query: async (sql, params = []) => (await pool.query(sql, toParams(params))).rows as Row[],
    async transaction(fn) {
      const client = await pool.connect();
      try {
        return await inTransaction(client, fn);
      } finally {
        client.release();
      }
    },
    tryBecomeWriter,
    listen,
    close: () => pool.end(),
  };
}
