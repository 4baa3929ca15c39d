/**
 * Migration 11: the index's commit counter, what every process reading the index keys its shared
 * reads and kept answers by (lib/index/commit-version.ts).
 *
 * index_commits holds one row: `count`, raised by every transaction that changes what a read of
 * the index could answer, and `epoch`, drawn once when the table is made, so that a database made
 * again from nothing never repeats an earlier database's versions. The count is raised by
 * triggers, not by the writer's code, so any writer (`npm run indexer`, an explorer writing its
 * own index, an older or newer release of either) raises it:
 *
 *   index_cursor   a block window committed, a rollback (its cursor moved, set or removed); the
 *                  tip and rate the writer records beside it change no read's answer
 *   index_trace_cursor  a trace window committed or its cursor lowered by a rollback
 *   index_rereads  a re-read window written (its `next` moves)
 *
 * Each raise sends NOTIFY strata_index_commits with the new count. PostgreSQL delivers it to every
 * listening session once the transaction commits, and never for one that rolls back: a reader that
 * has the notification reads the rows it announces.
 */
export const migration = {
  id: 11,
  name: 'index-commits',
  sql: `
CREATE TABLE index_commits (
  one    boolean PRIMARY KEY DEFAULT true CHECK (one),
  epoch  text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', ''),
  count  bigint NOT NULL DEFAULT 0
);
INSERT INTO index_commits DEFAULT VALUES;

CREATE FUNCTION strata_index_committed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  UPDATE index_commits SET count = count + 1 RETURNING count INTO n;
  PERFORM pg_notify('strata_index_commits', n::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER index_cursor_committed AFTER INSERT OR DELETE OR UPDATE OF number, hash ON index_cursor
  FOR EACH STATEMENT EXECUTE FUNCTION strata_index_committed();
CREATE TRIGGER index_trace_cursor_committed AFTER INSERT OR DELETE OR UPDATE OF number ON index_trace_cursor
  FOR EACH STATEMENT EXECUTE FUNCTION strata_index_committed();
CREATE TRIGGER index_rereads_committed AFTER UPDATE OF next ON index_rereads
  FOR EACH STATEMENT EXECUTE FUNCTION strata_index_committed();
`,
} as const;
