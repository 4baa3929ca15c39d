/**
 * Migration 13: why calls failed, kept where the explorer reads it.
 *
 * verified_contracts.source_maps: solc's source maps of a verified contract's creation and runtime
 * code with the bytecode they index and the source paths by solc's file id (lib/verify/source-map.ts
 * `SourceMaps`, as JSON text), so a failing frame's program counter is read as `path:line` without
 * compiling again. Contracts verified before this migration have none (NULL): their lines are
 * unknown until verified again.
 *
 * inner_reverts: the successful transactions in which calls reverted and were caught (a
 * `try`/`catch`, a low-level call whose false was handled): how many, and the first one's frame
 * and error, written by the internal-transfers derivation from the call trees it already reads
 * (lib/trace/failure.ts `innerReverts`), so an address's History tab marks them. Rows of a
 * block, rolled back with it. The trace pass starts again from each chain's first stored block,
 * so the blocks an index already traced get what they lack (its other rows are kept: the trace
 * pass's writes are ON CONFLICT DO NOTHING).
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

UPDATE index_trace_cursor SET number = NULL;
`,
} as const;
