/**
 * Migration 18: the blocks the trace pass gave up on. A block the node cannot trace within the
 * pass's budget (the trace times out, or the node answers an error, each time it is asked a
 * bounded number of times: engine/trace-pass/trace-follower.ts) is written here with why, in the
 * same transaction that moves the trace cursor over it, and the pass goes on. Its internal
 * transfers are then missing from the lists, and its pages and the index status say so.
 *
 * Not the untraced_blocks of migrations 8–9 (blocks of a node that did not trace at all, dropped by
 * migration 9): a node without the tracer package still stalls the pass, which waits at that block.
 * A rollback removes the rows above its height with the trace cursor (engine/block-store.ts).
 */
export const migration = {
  id: 18,
  name: 'untraced-blocks',
  sql: `
CREATE TABLE untraced_blocks (
  chain         text NOT NULL,
  block_number  bigint NOT NULL,
  block_hash    bytea NOT NULL,
  reason        text NOT NULL,
  attempts      integer NOT NULL,
  marked_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain, block_number)
)
`,
} as const;
