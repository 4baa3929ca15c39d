/**
 * The ETX-origin derivation: one etx_origins row per ETX emitted in a block (see migration 3 for
 * how a journey is completed by the destination zone's own rows).
 */
import { byteaParam } from '../drivers/sql';
import type { Derivation } from '../engine/derivation';

// Typed column arrays after the chain (one per window), as the history's (history.ts).
const INSERT_ORIGINS = `
  INSERT INTO etx_origins (chain, block_number, tx_index, etx_index, hash, destination)
  SELECT $1, * FROM unnest($2::bigint[], $3::integer[], $4::integer[], $5::bytea[], $6::text[])`;

export const etxOriginDerivation: Derivation = {
  name: 'etx-origins',
  since: 3,
  // A journey's destination needs no rows of its own: it is the destination block's type 1 transaction.
  tables: [{ name: 'etx_origins', rows: 'of-block' }],

  async write(tx, blocks) {
    const chain = blocks[0]?.chain;
    const columns = Array.from({ length: 5 }, (): unknown[] => []) as [unknown[], unknown[], unknown[], unknown[], unknown[]];
    const [numbers, txIndexes, etxIndexes, hashes, destinations] = columns;
    for (const block of blocks) {
      for (const t of block.transactions) {
        t.etxs.forEach((etx, i) => {
          numbers.push(block.number.toString());
          txIndexes.push(t.index);
          etxIndexes.push(i);
          hashes.push(byteaParam(etx.hash));
          destinations.push(etx.destination);
        });
      }
    }
    if (chain && numbers.length > 0) await tx.query(INSERT_ORIGINS, [chain, ...columns]);
  },
};
