/** Who mined each block and each uncle it includes (migration 14): Etherscan's getminedblocks reads it by miner. */
import { columns, hexParam, text } from '../drivers/sql';
import type { Derivation } from '../engine/derivation';

const INSERT_MINED = `
  INSERT INTO mined_blocks (chain, block_number, uncle, miner)
  SELECT chain, block_number::bigint, uncle::integer, decode(miner, 'hex')
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS u(chain, block_number, uncle, miner)`;

export const minedBlocksDerivation: Derivation = {
  name: 'mined-blocks',
  since: 14,
  tables: [{ name: 'mined_blocks', rows: 'of-block' }],

  async write(tx, blocks) {
    const rows = blocks.flatMap((block) => block.mined.map((m) => [block.chain, text(block.number), text(m.uncle ?? -1), hexParam(m.miner)]));
    if (rows.length > 0) await tx.query(INSERT_MINED, columns(rows, 4));
  },
};
