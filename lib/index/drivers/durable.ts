/**
 * A transaction that is on disk when it resolves, whatever the session's `synchronous_commit`.
 *
 * The index commits blocks without waiting for their WAL write (pglite-driver.ts): after a crash
 * the writer reads the lost blocks again from the node. What is not derived from blocks (a
 * verification a client submitted, its verdict) cannot be read again from anywhere, so it is
 * committed with `synchronous_commit` on for that transaction only (`SET LOCAL`): PostgreSQL and
 * PGlite alike then write the commit's WAL before answering, and a `kill -9` right after the
 * acknowledgement keeps it. On a server whose operator turned `synchronous_commit` off this
 * restores the default for these writes alone.
 */
import type { Db, Queryable } from './db';

export function durableTransaction<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL synchronous_commit TO on');
    return fn(tx);
  });
}
