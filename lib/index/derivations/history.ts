/**
 * The history derivation: one `transactions` row per transaction and one `address_transactions`
 * row per address it concerns (see indexed-block.ts addressRoles).
 *
 * Rows go in as one column array per parameter (`unnest`), not as a VALUES list: the statement
 * text stays the same whatever the number of rows, so it is parsed and planned like any other,
 * and a window of a thousand transactions is still sixteen parameters.
 */
import { byteaParam } from '../drivers/sql';
import type { Derivation } from '../engine/derivation';
import { addressRoles, type IndexedBlock } from '../engine/indexed-block';

// Typed column arrays: PostgreSQL reads each element as the column's type (bytea's `\x…` input,
// integers), with no text value made first and cast. The chain is one parameter: a window is one chain's.
const INSERT_TRANSACTIONS = `
  INSERT INTO transactions (chain, block_number, tx_index, hash, type, sender, recipient, contract_address, value, nonce, gas,
                            gas_used, gas_price, status, method, other_chain)
  SELECT $1, * FROM unnest($2::bigint[], $3::integer[], $4::bytea[], $5::smallint[], $6::bytea[], $7::bytea[], $8::bytea[],
                           $9::numeric[], $10::bigint[], $11::bigint[], $12::bigint[], $13::numeric[], $14::smallint[], $15::bytea[],
                           $16::text[])`;

const INSERT_ADDRESSES = `
  INSERT INTO address_transactions (address, block_number, tx_index, chain, role)
  SELECT address, block_number, tx_index, $1, role
    FROM unnest($2::bytea[], $3::bigint[], $4::integer[], $5::smallint[]) AS u(address, block_number, tx_index, role)`;

const text = (v: bigint | null): string | null => (v === null ? null : v.toString());

/** INSERT_TRANSACTIONS' column arrays (after the chain), built in one walk over the blocks. */
function transactionColumns(blocks: readonly IndexedBlock[]): unknown[][] {
  const [numbers, indexes, hashes, types, senders, recipients, created, values, nonces, gas, gasUsed, gasPrices, statuses, methods, others] =
    Array.from({ length: 15 }, (): unknown[] => []) as [unknown[], unknown[], unknown[], unknown[], unknown[], unknown[], unknown[], unknown[],
                                                        unknown[], unknown[], unknown[], unknown[], unknown[], unknown[], unknown[]];
  for (const block of blocks) {
    const number = block.number.toString();
    for (const t of block.transactions) {
      numbers.push(number);
      indexes.push(t.index);
      hashes.push(byteaParam(t.hash));
      types.push(t.type);
      senders.push(byteaParam(t.from));
      recipients.push(byteaParam(t.to));
      created.push(byteaParam(t.contractAddress));
      values.push(t.value.toString());
      nonces.push(t.nonce.toString());
      gas.push(t.gas.toString());
      gasUsed.push(text(t.gasUsed));
      gasPrices.push(text(t.gasPrice));
      statuses.push(t.status === null ? null : t.status === 'success' ? 1 : 0);
      methods.push(byteaParam(t.method));
      others.push(t.otherChain);
    }
  }
  return [numbers, indexes, hashes, types, senders, recipients, created, values, nonces, gas, gasUsed, gasPrices, statuses, methods, others];
}

/** INSERT_ADDRESSES' column arrays (after the chain): each address a transaction concerns, with its roles. */
function addressColumns(blocks: readonly IndexedBlock[]): unknown[][] {
  const addresses: (string | null)[] = [];
  const numbers: string[] = [];
  const indexes: number[] = [];
  const roles: number[] = [];
  for (const block of blocks) {
    const number = block.number.toString();
    for (const t of block.transactions) {
      for (const [address, role] of addressRoles(t)) {
        addresses.push(byteaParam(address));
        numbers.push(number);
        indexes.push(t.index);
        roles.push(role);
      }
    }
  }
  return [addresses, numbers, indexes, roles];
}

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
    const chain = blocks[0]?.chain;
    if (!chain || blocks.every((b) => b.transactions.length === 0)) return;
    await tx.query(INSERT_TRANSACTIONS, [chain, ...transactionColumns(blocks)]);
    await tx.query(INSERT_ADDRESSES, [chain, ...addressColumns(blocks)]);
  },
};
