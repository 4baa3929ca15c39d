/**
 * Migration 15: a block's own miner in its `blocks` row, read through `blocks_by_miner` (by
 * miner, newest first) for Etherscan's getminedblocks.
 *
 * Every block has exactly one miner: a row per block in a table of its own (mined_blocks, with its
 * primary key and its by-miner index) was most of what getminedblocks cost the writer, where the
 * insert that stores the block (block-store.ts) writes the column at little cost. mined_blocks keeps
 * the uncles, of which a block may include several. Migration 16 moves the miners an index holds.
 */
export const migration = {
  id: 15,
  name: 'block-miner',
  sql: `
ALTER TABLE blocks ADD COLUMN miner bytea;
CREATE INDEX blocks_by_miner ON blocks (miner, number DESC, chain)
`,
} as const;
