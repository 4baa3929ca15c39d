/**
 * Migration 6: the cursor check and move as one function, `strata_advance_cursor`.
 *
 * A window's write transaction used to begin by reading the cursor (SELECT … FOR UPDATE) and
 * comparing it in JavaScript: a round trip before any row could be written. With PGlite on its
 * worker thread (pglite-thread.ts) that round trip waited on the main thread, busy fetching the
 * next windows, and left the database idle for part of every transaction. The function checks and
 * moves the cursor in the database, so the whole transaction is posted without waiting for an
 * answer, and a block that does not extend the cursor still fails the transaction before it
 * commits anything. Its error carries SQLSTATE SX001 (user-defined; block-store.ts turns it into
 * CursorMismatchError).
 *
 * The cursor row is locked (FOR UPDATE) and moved to the window's last block first: the rows that
 * follow are written under that lock, and the transaction commits all or nothing as before.
 */
export const migration = {
  id: 6,
  name: 'advance-cursor',
  sql: `
CREATE FUNCTION strata_advance_cursor(p_chain text, p_first bigint, p_parent bytea, p_last bigint, p_hash bytea)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c_number bigint;
  c_hash bytea;
BEGIN
  SELECT number, hash INTO c_number, c_hash FROM index_cursor WHERE chain = p_chain FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO index_cursor (chain, number, hash, updated_at) VALUES (p_chain, p_last, p_hash, now());
    RETURN;
  END IF;
  IF c_number + 1 <> p_first OR c_hash <> p_parent THEN
    RAISE EXCEPTION '%: block % (parent 0x%) does not extend the index at % (0x%)',
      p_chain, p_first, encode(p_parent, 'hex'), c_number, encode(c_hash, 'hex')
      USING ERRCODE = 'SX001';
  END IF;
  UPDATE index_cursor SET number = p_last, hash = p_hash, updated_at = now() WHERE chain = p_chain;
END
$$;
`,
} as const;
