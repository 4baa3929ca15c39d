/**
 * A block's own figures (order, gas, base fee, difficulty, ETX and uncle counts: migration 20)
 * and its uncles' hashes and heights (migration 21), for the lists of blocks and uncles.
 *
 * Nothing of its own to write: the figures are columns of the block's `blocks` row, written by
 * the insert that stores it (block-store.ts), and the uncles' by the mined-blocks derivation. It
 * exists for the blocks an index stored before those columns: the migration records them for
 * re-reading (migrate.ts), and the re-read fills the columns in from the node's block
 * (`reread`). Nothing to roll back either: the rows are the block's and the uncles'.
 */
import { byteaParam, hexParam } from '../drivers/sql';
import { blockFactColumns } from '../engine/block-store';
import type { Derivation } from '../engine/derivation';

const SET_FACTS = `
  UPDATE blocks b SET block_order = u.block_order, gas_used = u.gas_used, gas_limit = u.gas_limit, base_fee = u.base_fee,
                      difficulty = u.difficulty, etx_count = u.etx_count, uncle_count = u.uncle_count
    FROM unnest($2::bytea[], $3::smallint[], $4::bigint[], $5::bigint[], $6::numeric[], $7::numeric[], $8::integer[], $9::integer[])
      AS u(hash, block_order, gas_used, gas_limit, base_fee, difficulty, etx_count, uncle_count)
   WHERE b.chain = $1 AND b.hash = u.hash`;

const SET_UNCLES = `
  UPDATE mined_blocks m SET hash = decode(u.hash, 'hex'), number = u.number::bigint
    FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS u(block_number, uncle, hash, number)
   WHERE m.chain = $1 AND m.block_number = u.block_number::bigint AND m.uncle = u.uncle::integer`;

export const blockFactsDerivation: Derivation = {
  name: 'block-facts',
  since: 20,
  tables: [],

  async write() {
    // Written with the block (block-store.ts) and its uncles (mined-blocks.ts).
  },

  async reread(tx, blocks) {
    const chain = blocks[0]?.chain;
    if (!chain) return;
    await tx.query(SET_FACTS, [chain, blocks.map((b) => byteaParam(b.hash)), ...blockFactColumns(blocks)]);
    const uncles = blocks.flatMap((b) =>
      b.mined.flatMap((m) => (m.uncle === null ? [] : [[b.number.toString(), String(m.uncle), hexParam(m.hash ?? null), m.number?.toString() ?? null]])),
    );
    if (uncles.length > 0) await tx.query(SET_UNCLES, [chain, ...[0, 1, 2, 3].map((i) => uncles.map((u) => u[i]))]);
  },
};
