/**
 * Contract creations: one contract_creations row per transaction whose receipt names the contract
 * it created (`contractAddress`), with the creator and the transaction (migration 7). The
 * getcontractcreation API and the verifier (which needs the creation input) find a contract's
 * creation by address through it, with no scan of the history.
 *
 * Not covered: contracts created by contracts (a factory's CREATE/CREATE2). The receipt names only
 * what the transaction itself created; those would need traces (docs/indexer.md).
 */
import { columns, hexParam, text } from '../drivers/sql';
import type { Derivation } from '../engine/derivation';

const INSERT_CREATIONS = `
  INSERT INTO contract_creations (chain, block_number, tx_index, address, creator, tx_hash)
  SELECT chain, block_number::bigint, tx_index::integer, decode(address, 'hex'), decode(creator, 'hex'), decode(tx_hash, 'hex')
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
      AS u(chain, block_number, tx_index, address, creator, tx_hash)`;

export const contractCreationDerivation: Derivation = {
  name: 'contract-creations',
  since: 7,
  tables: [{ name: 'contract_creations', rows: 'of-block' }],

  async write(tx, blocks) {
    const rows = blocks.flatMap((block) =>
      block.transactions
        .filter((t) => t.contractAddress !== null)
        .map((t) => [block.chain, text(block.number), text(t.index), hexParam(t.contractAddress), hexParam(t.from), hexParam(t.hash)]),
    );
    if (rows.length > 0) await tx.query(INSERT_CREATIONS, columns(rows, 6));
  },
};
