/**
 * The ETX-origin derivation: one etx_origins row per ETX emitted in a block (see migration 3 for
 * how a journey is completed by the destination zone's own rows).
 */
import { columns, hexParam, text } from '../drivers/sql';
import type { Derivation } from '../engine/derivation';

const INSERT_ORIGINS = `
  INSERT INTO etx_origins (chain, block_number, tx_index, etx_index, hash, destination)
  SELECT chain, block_number::bigint, tx_index::integer, etx_index::integer, decode(hash, 'hex'), destination
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
      AS u(chain, block_number, tx_index, etx_index, hash, destination)`;

export const etxOriginDerivation: Derivation = {
  name: 'etx-origins',
  since: 3,
  // A journey's destination needs no rows of its own: it is the destination block's type 1 transaction.
  tables: [{ name: 'etx_origins', rows: 'of-block' }],

  async write(tx, blocks) {
    const rows = blocks.flatMap((block) =>
      block.transactions.flatMap((t) =>
        t.etxs.map((etx, i) => [block.chain, text(block.number), text(t.index), text(i), hexParam(etx.hash), etx.destination]),
      ),
    );
    if (rows.length > 0) await tx.query(INSERT_ORIGINS, columns(rows, 6));
  },
};
