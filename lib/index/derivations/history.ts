/**
 * The history derivation: one `transactions` row per transaction and one `address_transactions`
 * row per address it concerns (see indexed-block.ts addressRoles).
 *
 * Rows go in as one column array per parameter (`unnest`), not as a VALUES list: the statement
 * text stays the same whatever the number of rows, so it is parsed and planned like any other,
 * and a window of a thousand transactions is still sixteen parameters.
 */
import { columns, hexParam, text } from '../drivers/sql';
import type { Derivation } from '../engine/derivation';
import { addressRoles } from '../engine/indexed-block';

const INSERT_TRANSACTIONS = `
  INSERT INTO transactions (chain, block_number, tx_index, hash, type, sender, recipient, contract_address, value, nonce, gas,
                            gas_used, gas_price, status, method, other_chain)
  SELECT chain, block_number::bigint, tx_index::integer, decode(hash, 'hex'), type::smallint, decode(sender, 'hex'),
         decode(recipient, 'hex'), decode(contract_address, 'hex'), value::numeric, nonce::bigint, gas::bigint,
         gas_used::bigint, gas_price::numeric, status::smallint, decode(method, 'hex'), other_chain
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[])
      AS u(chain, block_number, tx_index, hash, type, sender, recipient, contract_address, value, nonce, gas, gas_used, gas_price,
           status, method, other_chain)`;

const INSERT_ADDRESSES = `
  INSERT INTO address_transactions (address, block_number, tx_index, chain, role)
  SELECT decode(address, 'hex'), block_number::bigint, tx_index::integer, chain, role::smallint
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS u(address, block_number, tx_index, chain, role)`;

export const historyDerivation: Derivation = {
  name: 'history',
  since: 1,
  // The history rows are found through the transactions they point at (the primary key of
  // address_transactions starts with the address), so no second index is kept just for rollbacks.
  tables: [
    { name: 'transactions', rows: 'of-block' },
    {
      name: 'address_transactions', rows: 'of-parties', parent: 'transactions',
      addresses: ['sender', 'recipient', 'contract_address'], key: ['block_number', 'tx_index', 'chain'],
    },
  ],

  async write(tx, blocks) {
    const rows = blocks.flatMap((block) =>
      block.transactions.map((t) => [
        block.chain, text(block.number), text(t.index), hexParam(t.hash), text(t.type), hexParam(t.from), hexParam(t.to),
        hexParam(t.contractAddress), text(t.value), text(t.nonce), text(t.gas), text(t.gasUsed), text(t.gasPrice),
        t.status === null ? null : t.status === 'success' ? '1' : '0', hexParam(t.method), t.otherChain,
      ]),
    );
    if (rows.length === 0) return;
    await tx.query(INSERT_TRANSACTIONS, columns(rows, 16));
    const addressRows = blocks.flatMap((block) =>
      block.transactions.flatMap((t) =>
        [...addressRoles(t)].map(([address, role]) => [hexParam(address), text(block.number), text(t.index), block.chain, text(role)]),
      ),
    );
    await tx.query(INSERT_ADDRESSES, columns(addressRows, 5));
  },
};
