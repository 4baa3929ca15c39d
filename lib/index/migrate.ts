/**
 * Applies the numbered migrations a database lacks, at start. Idempotent (applied ids are
 * recorded in index_migrations), and safe when several processes start together: all of it runs
 * in one transaction that first takes a transaction-level advisory lock, so a second process
 * waits for the first to commit, then finds nothing left to do.
 */
import { MIGRATION_LOCK_KEY, type Db } from './db';
import { MIGRATIONS, type Migration } from './migrations/index';

/** Returns the ids it applied (empty when the schema was current). */
export async function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS index_migrations (
      id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const rows = await tx.query('SELECT id FROM index_migrations');
    const applied = new Set(rows.map((r) => Number(r.id)));
    const done: number[] = [];
    for (const m of migrations) {
      if (applied.has(m.id)) continue;
      for (const statement of splitStatements(m.sql)) await tx.query(statement);
      await tx.query('INSERT INTO index_migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
      done.push(m.id);
    }
    return done;
  });
}

/** Statements of a migration (no function bodies with inner semicolons in ours). */
function splitStatements(sql: string): string[] {
  return sql.split(';').map((s) => s.trim()).filter((s) => s.length > 0);
}
