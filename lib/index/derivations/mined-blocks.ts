/**
 * The uncles each block includes, with who mined them (migration 14) and their own hash and zone
 * height (migration 21): Etherscan's getminedblocks reads them by miner for `blocktype=uncles`, a
 * chain's list of uncles by block. A block's own miner is a column of its `blocks` row
 * (migration 15), written with the block by the engine.
 */
import { columns, hexParam, text } from '../drivers/sql';
import type { Derivation } from '../engine/derivation';
import { minerOf, type IndexedBlock } from '../engine/indexed-block';
import type { Queryable } from '../drivers/db';

const INSERT_UNCLES = `
  INSERT INTO mined_blocks (chain, block_number, uncle, miner, hash, number)
  SELECT chain, block_number::bigint, uncle::integer, decode(miner, 'hex'), decode(hash, 'hex'), number::bigint
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS u(chain, block_number, uncle, miner, hash, number)`;

const SET_MINERS = `
  UPDATE blocks b SET miner = decode(u.miner, 'hex')
    FROM unnest($2::text[], $3::text[]) AS u(number, miner)
   WHERE b.chain = $1 AND b.number = u.number::bigint`;

async function writeUncles(tx: Queryable, blocks: readonly IndexedBlock[]): Promise<void> {
  const rows: (string | null)[][] = [];
  for (const block of blocks) {
    for (const m of block.mined) {
      if (m.uncle !== null) rows.push([block.chain, text(block.number), text(m.uncle), hexParam(m.miner), hexParam(m.hash ?? null), text(m.number ?? null)]);
    }
  }
  if (rows.length > 0) await tx.query(INSERT_UNCLES, columns(rows, 6));
}

export const minedBlocksDerivation: Derivation = {
  name: 'mined-blocks',
  since: 14,
  tables: [{ name: 'mined_blocks', rows: 'of-block' }],

  write: writeUncles,

  // Blocks stored before migration 14 have no miner either (migration 16 had none to move): the
  // re-read that adds their uncles gives them their miner too.
  async reread(tx, blocks) {
    await writeUncles(tx, blocks);
    const chain = blocks[0]?.chain;
    if (chain) await tx.query(SET_MINERS, [chain, blocks.map((b) => b.number.toString()), blocks.map((b) => hexParam(minerOf(b)))]);
  },
};
