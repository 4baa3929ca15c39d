/**
 * Migration 9: the trace pass's own cursor. Derivations that need the node's traces (internal
 * transfers) are written behind the block pass, by a pass of their own (engine/trace-pass/), so
 * each chain has two cursors: index_cursor, the last block stored with everything blocks and
 * receipts give, and index_trace_cursor, the last stored block whose traces are written too
 * (NULL: none yet; the pass then starts at the chain's first stored block). The trace cursor is
 * never above the block cursor: a rollback lowers both in one transaction.
 *
 * `stalled` says why the pass cannot go on (the node does not trace), for readers in any process;
 * `rate` is its blocks per second as the writer saw them.
 *
 * strata_advance_trace_cursor moves the cursor over consecutive stored blocks (their hashes as hex), as
 * strata_advance_cursor does for the block pass (migration 6): it checks, in the database, that
 * the first block follows the cursor and that each block is still stored with the hash that was
 * traced, so a trace-pass transaction is posted whole without waiting for an answer, and a window
 * traced from blocks a rollback replaced meanwhile fails before it commits anything (SX002).
 *
 * An index written before this migration had traced in the block's own transaction, except the
 * blocks it holds as untraced (the node did not trace) and those still to re-read for internal
 * transfers: its trace cursor starts below the first of them, and the trace pass writes what they
 * lack (its writes are idempotent, so blocks already traced above them cost only their trace).
 * untraced_blocks goes: a block the node cannot trace is now one above the trace cursor.
 */
export const migration = {
  id: 9,
  name: 'trace-cursor',
  sql: `
CREATE TABLE index_trace_cursor (
  chain       text PRIMARY KEY,
  number      bigint,
  rate        real,
  stalled     text,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

INSERT INTO index_trace_cursor (chain, number)
SELECT c.chain, least(
         c.number,
         (SELECT min(u.block_number) - 1 FROM untraced_blocks u WHERE u.chain = c.chain),
         (SELECT min(r.next) - 1 FROM index_rereads r WHERE r.chain = c.chain AND r.derivation = 'internal-transfers'))
  FROM index_cursor c;

UPDATE index_trace_cursor t SET number = NULL
 WHERE t.number < (SELECT min(b.number) FROM blocks b WHERE b.chain = t.chain);

DELETE FROM index_rereads WHERE derivation = 'internal-transfers';

DROP TABLE untraced_blocks;

CREATE FUNCTION strata_advance_trace_cursor(p_chain text, p_first bigint, p_hashes text[], p_rate real)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c_number bigint;
  c_found boolean;
  c_expected bigint;
  c_stored bigint;
  c_last bigint := p_first + cardinality(p_hashes) - 1;
BEGIN
  SELECT number INTO c_number FROM index_trace_cursor WHERE chain = p_chain FOR UPDATE;
  c_found := FOUND;
  IF c_number IS NULL THEN
    SELECT min(number) INTO c_expected FROM blocks WHERE chain = p_chain;
  ELSE
    c_expected := c_number + 1;
  END IF;
  IF c_expected IS DISTINCT FROM p_first THEN
    RAISE EXCEPTION '%: traced block % does not follow the trace cursor (next is %)', p_chain, p_first, coalesce(c_expected::text, 'none')
      USING ERRCODE = 'SX002';
  END IF;
  SELECT count(*) INTO c_stored
    FROM unnest(p_hashes) WITH ORDINALITY AS h(hash, i)
    JOIN blocks b ON b.chain = p_chain AND b.number = p_first + h.i - 1 AND b.hash = decode(h.hash, 'hex');
  IF c_stored <> cardinality(p_hashes) THEN
    RAISE EXCEPTION '%: blocks %..% are no longer stored as traced (a rollback replaced them)', p_chain, p_first, c_last
      USING ERRCODE = 'SX002';
  END IF;
  IF c_found THEN
    UPDATE index_trace_cursor SET number = c_last, rate = p_rate, stalled = NULL, updated_at = now() WHERE chain = p_chain;
  ELSE
    INSERT INTO index_trace_cursor (chain, number, rate) VALUES (p_chain, c_last, p_rate);
  END IF;
END
$$;
`,
} as const;
