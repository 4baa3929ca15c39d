/**
 * Migration 13: why calls failed, kept where the explorer reads it.
 *
 * verified_contracts.source_maps: solc's source maps of a verified contract's creation and runtime
 * code with the bytecode they index and the source paths by solc's file id (lib/contracts/source-map.ts
 * `SourceMaps`, as JSON text), so a failing frame's program counter is read as `path:line` without
 * compiling again. Contracts verified before this migration have none (NULL): their lines are
 * unknown until verified again.
 *
 * inner_reverts: the successful transactions in which calls reverted and were caught (a
 * `try`/`catch`, a low-level call whose false was handled): how many, and the first one's frame
 * and error, written by the internal-transfers derivation from the call trees it already reads
 * (lib/trace/failure.ts `innerReverts`), so an address's History tab marks them. Rows of a
 * block, rolled back with it. The blocks an index already traced (up to its trace cursor) are
 * handed to the re-reader for this derivation, which writes what they lack (its other rows are
 * kept: ON CONFLICT DO NOTHING); the trace pass writes the blocks above.
 */
export const migration = {
  id: 13,
  name: 'source-maps-and-inner-reverts',
  sql: `
ALTER TABLE verified_contracts ADD COLUMN source_maps text;

CREATE TABLE inner_reverts (
  chain          text NOT NULL,
  block_number   bigint NOT NULL,
  tx_index       integer NOT NULL,
  reverted       integer NOT NULL,
  first_trace_id text NOT NULL,
  first_error    text NOT NULL,
  PRIMARY KEY (chain, block_number, tx_index)
);

DO $$
BEGIN
  -- Only with blocks traced: the statement raises the commit counter (migration 11), which a new index starts at 0.
  IF EXISTS (SELECT 1 FROM index_trace_cursor WHERE number IS NOT NULL) THEN
    INSERT INTO index_rereads (chain, derivation, next, through)
    SELECT c.chain, 'internal-transfers', (SELECT min(b.number) FROM blocks b WHERE b.chain = c.chain), c.number FROM index_trace_cursor c
     WHERE c.number IS NOT NULL
    ON CONFLICT (chain, derivation) DO UPDATE
       SET next = LEAST(index_rereads.next, EXCLUDED.next), through = GREATEST(index_rereads.through, EXCLUDED.through);
  END IF;
END
$$;
`,
} as const;
