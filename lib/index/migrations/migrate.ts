/**
 * Applies the numbered migrations a database lacks, at start. Idempotent (applied ids are
 * recorded in index_migrations), and safe when several processes start together: all of it runs
 * in one transaction that first takes a transaction-level advisory lock, so a second process
 * waits for the first to commit, then finds nothing left to do.
 *
 * A migration that introduces a derivation (Derivation.since) on an index that already holds
 * blocks leaves those blocks without the derivation's rows. In the same transaction, each chain's
 * stored range [first block, cursor] is recorded in index_rereads for that derivation; the
 * rereader fills the rows in and empties the record (a trace-pass derivation's range ends at the
 * trace cursor: the trace pass writes the blocks above). Blocks the writer adds from now on get every
 * derivation as they are written. The derivations are handed in (open-index.ts hands the index's
 * own, derivations/index.ts), as the engine's writer is handed them.
 */
import { MIGRATION_LOCK_KEY, type Db } from '../drivers/db';
import type { Derivation } from '../engine/derivation';
import type { Migration } from './index';

/** Returns the ids it applied (empty when the schema was current). */
export async function migrate(
  db: Db,
  migrations: readonly Migration[],
  derivations: readonly Pick<Derivation, 'name' | 'since' | 'rereads' | 'pass'>[],
): Promise<number[]> {
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
    const [table] = await tx.query(`SELECT to_regclass('index_rereads') IS NOT NULL AS present`);
    if (table?.present === true) {
      for (const d of derivations.filter((x) => x.rereads !== false && done.includes(x.since))) {
        // A trace-pass derivation up to the trace cursor: the trace pass writes it for the blocks above.
        const cursor = d.pass === 'trace' ? 'index_trace_cursor' : 'index_cursor';
        await tx.query(
          `INSERT INTO index_rereads (chain, derivation, next, through)
           SELECT c.chain, $1, (SELECT min(b.number) FROM blocks b WHERE b.chain = c.chain), c.number FROM ${cursor} c
            WHERE c.number IS NOT NULL
           ON CONFLICT (chain, derivation) DO NOTHING`,
          [d.name],
        );
      }
    }
    return done;
  });
}

/**
 * Statements of a migration, split at the semicolons outside dollar-quoted bodies ($$ … $$, a
 * function's), which have semicolons of their own. Our migrations use no other quoting that could
 * hold a semicolon.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let quoted = false;
  for (const part of sql.split(/(\$\$|;)/)) {
    if (part === '$$') quoted = !quoted;
    if (part === ';' && !quoted) {
      statements.push(current);
      current = '';
    } else {
      current += part;
    }
  }
  statements.push(current);
  return statements.map((s) => s.trim()).filter((s) => s.length > 0);
}
