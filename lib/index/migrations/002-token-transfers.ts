/**
 * Migration 2: token transfers, one row per ERC-20/ERC-721 Transfer and per ERC-1155 id moved
 * (a TransferBatch gives one row per id, numbered by `item`), decoded from receipts' logs by
 * lib/decode/token-transfers.ts.
 *
 * Like the history, two tables: token_transfers is keyed by block (a rollback is "delete above N
 * on this chain") and indexed by token, so a token's transfers page by one index seek;
 * address_token_transfers has one row per (address, transfer) with the address's role (1 sender,
 * 2 recipient), keyed in the order an address's page reads, newest first.
 *
 * `standard` is 20, 721 or 1155; `token_id` is null for ERC-20.
 *
 * An index created before this migration re-reads the blocks it already had for them (migrate.ts
 * records them in index_rereads, rereader.ts writes their rows; docs/indexer.md).
 */
export const migration = {
  id: 2,
  name: 'token-transfers',
  sql: `
CREATE TABLE token_transfers (
  chain         text NOT NULL,
  block_number  bigint NOT NULL,
  tx_index      integer NOT NULL,
  log_index     integer NOT NULL,
  item          integer NOT NULL,
  standard      smallint NOT NULL,
  token         bytea NOT NULL,
  sender        bytea NOT NULL,
  recipient     bytea NOT NULL,
  amount        numeric(78, 0) NOT NULL,
  token_id      numeric(78, 0),
  PRIMARY KEY (chain, block_number, tx_index, log_index, item)
);
CREATE INDEX token_transfers_by_token ON token_transfers (token, block_number, tx_index, log_index, item, chain);

CREATE TABLE address_token_transfers (
  address       bytea NOT NULL,
  block_number  bigint NOT NULL,
  tx_index      integer NOT NULL,
  log_index     integer NOT NULL,
  item          integer NOT NULL,
  chain         text NOT NULL,
  role          smallint NOT NULL,
  PRIMARY KEY (address, block_number, tx_index, log_index, item, chain)
);
`,
} as const;
