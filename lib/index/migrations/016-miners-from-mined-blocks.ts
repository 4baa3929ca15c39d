/**
 * Migration 16: the miners of the blocks an index holds move from mined_blocks (its `uncle = -1`
 * rows) to `blocks.miner` (migration 15); mined_blocks keeps the uncles only.
 *
 * Blocks stored before migration 14 and not yet re-read for it have no mined_blocks row, so their
 * miner stays null here: their re-read fills it in (derivations/mined-blocks.ts, `reread`).
 */
export const migration = {
  id: 16,
  name: 'miners-from-mined-blocks',
  sql: `
UPDATE blocks b SET miner = m.miner FROM mined_blocks m WHERE m.chain = b.chain AND m.block_number = b.number AND m.uncle = -1;
DELETE FROM mined_blocks WHERE uncle = -1
`,
} as const;
