/**
 * The index's one database interface, with two drivers: PGlite (Postgres compiled to
 * WebAssembly, in this process, a data directory) and `pg` (a real server at DATABASE_URL).
 * Everything above this file speaks plain SQL through `query` and `transaction`; nothing knows
 * which driver runs.
 *
 * Column values come back as the drivers parse them, and the two parse differently (pg gives
 * int8 and numeric as strings, PGlite int8 as bigint, bytea as Buffer vs Uint8Array). Queries
 * that read therefore cast in SQL (`number::text`, `'0x' || encode(hash, 'hex')`) so both drivers
 * hand back the same strings, and the readers validate them into domain types.
 */
import { StrataError } from '@/lib/protocol/errors';

/** One row as a driver hands it back: validate before use. */
export type Row = Readonly<Record<string, unknown>>;

export interface Queryable {
  /** Runs one statement with `$1…` parameters; returns its rows (empty for DDL and writes). */
  query(sql: string, params?: readonly unknown[]): Promise<readonly Row[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Becomes the one writer of this database, or answers null when another process is.
   * Postgres: a session advisory lock on a dedicated connection, and every write of the session
   * goes through that same connection, so a writer whose connection died (and so lost its lock)
   * cannot write another row. PGlite: one process owns the data directory, so it is always the writer.
   */
  tryBecomeWriter(): Promise<WriterSession | null>;
  /**
   * LISTEN on `channel`: `onNotify` gets the payload of every NOTIFY sent on it, once its
   * transaction has committed, from any process writing this database. Postgres: a dedicated
   * connection, whose loss `lost` reports (notifications sent meanwhile are not delivered).
   * PGlite: its own in-process LISTEN, delivered before the notifying COMMIT resolves; never lost.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<Listening>;
  close(): Promise<void>;
}

/** A LISTEN in force (Db.listen). */
export interface Listening {
  /** Resolves when the listening connection is lost: the caller listens again and reads what it missed. */
  readonly lost: Promise<Error>;
  close(): Promise<void>;
}

export interface WriterSession extends Queryable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Resolves when the session's connection is lost (its lock went with it). */
  readonly lost: Promise<Error>;
  release(): Promise<void>;
}

/** Key of the writer's advisory lock: one writer per database. ("strata" in ASCII.) */
/**
 * Prefix for a statement that changes rows and returns none but does not begin with INSERT,
 * UPDATE or DELETE (a data-modifying WITH): inside a PGlite transaction it may then be pipelined
 * like a plain write (pglite-thread.ts) instead of waiting for every statement before it. A SQL
 * comment, so PostgreSQL ignores it.
 */
export const RETURNS_NO_ROWS = '/* returns no rows */ ';

export const WRITER_LOCK_KEY = 0x737472617461n;
/** Key of the transaction lock that serializes migrations of processes starting together. */
export const MIGRATION_LOCK_KEY = 0x737472617462n;
/** Key of the transaction lock that serializes submissions to the verification queue (its bounds are checked, then a job added). */
export const VERIFY_QUEUE_LOCK_KEY = 0x737472617463n;

/** A database the index cannot use: unreachable, refused, or a data directory in use. */
export class IndexDbError extends StrataError {
  override name = 'IndexDbError';
}

/**
 * Parameters as both drivers take them: a bigint becomes its decimal string (neither driver
 * serializes bigint the same way), a 0x hex string stays text (SQL decodes it where a bytea is
 * meant), everything else passes through.
 */
export function toParams(params: readonly unknown[]): unknown[] {
  return params.map((p) => (typeof p === 'bigint' ? p.toString() : p));
}
