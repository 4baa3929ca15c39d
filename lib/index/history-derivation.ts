/**
 * The history derivation: one `transactions` row per transaction and one `address_transactions`
 * row per address it concerns (see indexed-block.ts addressRoles).
 */
import type { Derivation } from './derivation';
import { addressRoles } from './indexed-block';
import { hexParam, valuesList } from './sql';

const TX_COLUMNS = [
  'chain', 'block_number', 'tx_index', 'hash', 'type', 'sender', 'recipient', 'contract_address', 'value', 'nonce', 'gas',
  'gas_used', 'gas_price', 'status', 'method', 'other_chain',
];
const TX_CASTS = ['$n', '$n', '$n', "decode($n, 'hex')", '$n', "decode($n, 'hex')", "decode($n, 'hex')", "decode($n, 'hex')", '$n::numeric',
  '$n', '$n', '$n', '$n::numeric', '$n', "decode($n, 'hex')", '$n'];
const ADDRESS_CASTS = ["decode($n, 'hex')", '$n', '$n', '$n', '$n'];

/** Rows per INSERT: well below Postgres's 65,535 parameters. */
const CHUNK = 1000;

export const historyDerivation: Derivation = {
  name: 'history',

  async write(tx, blocks) {
    const rows = blocks.flatMap((block) => block.transactions.map((t) => ({ block, t })));
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK);
      const params = chunk.flatMap(({ block, t }) => [
        block.chain, block.number, t.index, hexParam(t.hash), t.type, hexParam(t.from), hexParam(t.to), hexParam(t.contractAddress),
        t.value, t.nonce, t.gas, t.gasUsed, t.gasPrice, t.status === null ? null : t.status === 'success' ? 1 : 0, hexParam(t.method),
        t.otherChain,
      ]);
      await tx.query(
        `INSERT INTO transactions (${TX_COLUMNS.join(', ')}) VALUES ${valuesList(chunk.length, TX_COLUMNS.length, TX_CASTS)}`,
        params,
      );
    }
    const addressRows = rows.flatMap(({ block, t }) =>
      [...addressRoles(t)].map(([address, role]) => [hexParam(address), block.number, t.index, block.chain, role]),
    );
    for (let start = 0; start < addressRows.length; start += CHUNK) {
      const chunk = addressRows.slice(start, start + CHUNK);
      await tx.query(
        `INSERT INTO address_transactions (address, block_number, tx_index, chain, role) VALUES ${valuesList(chunk.length, 5, ADDRESS_CASTS)}`,
        chunk.flat(),
      );
    }
  },

  async rollback(tx, chain, number) {
    // The history rows are found through the transactions they point at (the primary key of
    // address_transactions starts with the address), so no second index is kept just for rollbacks.
    await tx.query(
      `DELETE FROM address_transactions a USING transactions t
        WHERE t.chain = $1 AND t.block_number > $2
          AND a.address IN (t.sender, t.recipient, t.contract_address)
          AND a.block_number = t.block_number AND a.tx_index = t.tx_index AND a.chain = t.chain`,
      [chain, number],
    );
    await tx.query('DELETE FROM transactions WHERE chain = $1 AND block_number > $2', [chain, number]);
  },
};
