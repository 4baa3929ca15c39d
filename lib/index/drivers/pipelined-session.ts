/**
 * One database session whose statements are sent without waiting for the answers of those before
 * them (pipelined): the database runs them in the order sent and answers each in turn. Both
 * drivers' writer sessions are built on it, PGlite's worker thread (pglite-thread.ts) and the
 * PostgreSQL writer connection (postgres-driver.ts, pg's pipeline mode).
 *
 * A job (a lone statement, or a whole transaction) is sent once the job before it has been sent,
 * not answered: a transaction holds the session from BEGIN until its COMMIT is sent (no other
 * statement may come between), a lone statement only while it is sent. The database thus goes
 * from one transaction to the next without waiting for this thread, which may be busy (a backfill
 * fetches the next windows meanwhile: every answer this thread had to read before sending the next
 * statement would wait for its event loop).
 *
 * Inside a transaction, a statement that returns no rows is sent without waiting for its answer,
 * so a window's inserts reach the database back to back; a statement whose rows are wanted waits
 * for everything sent before it. The first failure is kept and thrown by the transaction; the
 * statements after it fail too and the COMMIT becomes a ROLLBACK (PostgreSQL's answer to a COMMIT
 * in a failed transaction), so nothing of a failed transaction is kept.
 */
import { RETURNS_NO_ROWS, type Queryable, type Row } from './db';

/** Sends one statement now and answers when the database does (statements are answered in the order sent). */
export type SendStatement = (sql: string, params: readonly unknown[]) => Promise<readonly Row[]>;

export interface PipelinedSession extends Queryable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Sends something else in the session's order (`post` sends it and answers when the database does). */
  inOrder<T>(post: () => Promise<T>): Promise<T>;
}

/** Statements whose answer a transaction does not need: sent without waiting (see above). */
const WRITE = /^\s*(INSERT|UPDATE|DELETE)\b/i;

/** Whether `sql` changes rows and returns none (RETURNS_NO_ROWS marks a data-modifying WITH). */
export function returnsNoRows(sql: string): boolean {
  return sql.startsWith(RETURNS_NO_ROWS) || (WRITE.test(sql) && !/\bRETURNING\b/i.test(sql));
}

/**
 * A session over `send`; `sendWrite` (default `send`) sends the statements inside a transaction
 * whose rows are not needed (PGlite's worker runs them as prepared statements).
 */
export function pipelinedSession(send: SendStatement, sendWrite: SendStatement = send): PipelinedSession {
  let tail: Promise<unknown> = Promise.resolve();
  const one = <T>(post: () => Promise<{ answer: Promise<T> }>): Promise<T> => {
    const posted = tail.then(post, post);
    tail = posted.catch(() => undefined);
    return posted.then((p) => p.answer);
  };

  return {
    query: (sql, params = []) => one(async () => ({ answer: send(sql, params) })),
    inOrder: (post) => one(async () => ({ answer: post() })),
    transaction: (fn) =>
      one(async () => {
        let failure: Error | undefined;
        let last: Promise<unknown> = Promise.resolve();
        const post = (sql: string, params: readonly unknown[] = [], write = true): void => {
          last = (write ? sendWrite : send)(sql, params).catch((error: Error) => {
            failure ??= error;
          });
        };
        const tx: Queryable = {
          async query(sql, params = []) {
            if (!returnsNoRows(sql)) {
              await last;
              if (failure) throw failure;
              return send(sql, params);
            }
            post(sql, params);
            return [];
          },
        };
        post('BEGIN', [], false);
        let result: Awaited<ReturnType<typeof fn>>;
        try {
          result = await fn(tx);
        } catch (error) {
          const rolledBack = send('ROLLBACK', []).catch(() => undefined);
          return { answer: last.then(() => rolledBack).then(() => Promise.reject(error)) };
        }
        const committed = send('COMMIT', []);
        const answer = (async () => {
          await last;
          await committed.catch((error: Error) => {
            failure ??= error;
          });
          if (failure) throw failure;
          return result;
        })();
        return { answer };
      }),
  };
}
