/**
 * Migration 20: what the engine itself writes for the lists of blocks
 * (lib/index/readers/lists/block-list-reader.ts): a block's own figures as columns of its row, and the
 * record of the blocks rollbacks removed.
 *
 * Blocks: written by the insert that stores the block (block-store.ts): its order (0 prime,
 * 1 region, 2 zone: the highest chain it is coincident in), gas used and limit, base fee,
 * difficulty, and how many ETXs it emitted and uncles it includes. A prime or region block is a
 * zone block of that order (one block, one hash, in every chain it sits in), so a region's list is
 * its zones' blocks of order ≤ 1 by their region number and the prime list the blocks of order 0
 * by their prime number: the two partial indexes read them, one seek per page. Blocks stored
 * before this migration have none of these (NULL) until re-read (the block-facts derivation's
 * `reread`).
 *
 * reorged_blocks: every block a rollback removed (chain-follower.ts walks back to the common
 * ancestor, block-store.ts rollbackTo), as it was stored, with the hash the node had at its
 * height then (`replaced_by`, null when the node had no block there yet). Not derived from
 * blocks and never rolled back: the index's own record of what it saw replaced, written in the
 * rollback's transaction, so a kill -9 leaves both or neither.
 */
export const migration = {
  id: 20,
  name: 'block-facts-and-reorgs',
  sql: `
ALTER TABLE blocks ADD COLUMN block_order smallint;
ALTER TABLE blocks ADD COLUMN gas_used bigint;
ALTER TABLE blocks ADD COLUMN gas_limit bigint;
ALTER TABLE blocks ADD COLUMN base_fee numeric(78, 0);
ALTER TABLE blocks ADD COLUMN difficulty numeric(78, 0);
ALTER TABLE blocks ADD COLUMN etx_count integer;
ALTER TABLE blocks ADD COLUMN uncle_count integer;
CREATE INDEX blocks_by_region_number ON blocks (number_region, chain) WHERE block_order <= 1;
CREATE INDEX blocks_by_prime_number ON blocks (number_prime, chain) WHERE block_order = 0;

CREATE TABLE reorged_blocks (
  chain          text NOT NULL,
  number         bigint NOT NULL,
  hash           bytea NOT NULL,
  parent_hash    bytea NOT NULL,
  number_prime   bigint NOT NULL,
  number_region  bigint NOT NULL,
  block_order    smallint,
  timestamp      bigint NOT NULL,
  tx_count       integer NOT NULL,
  miner          bytea,
  replaced_by    bytea,
  replaced_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain, number, hash)
)
`,
} as const;
