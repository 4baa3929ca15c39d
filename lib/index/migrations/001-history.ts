/**
 * Migration 1: blocks, the per-chain cursor, transactions and the per-address rows of history.
 *
 * index_cursor is each chain's progress: the last block written (number, hash), and, for the
 * network page of every instance, the node's tip and the writer's blocks per second as the
 * writer last saw them.
 *
 * Hashes and addresses are bytea (half the bytes of hex text). Every per-block table carries
 * (chain, block number), so a rollback is "delete above N on this chain" and a later migration
 * adds further per-block derivations (token transfers, ETX journeys, daily counts) the same way.
 *
 * address_transactions is the history: one row per (address, transaction) with the address's
 * role as bits (1 sender, 2 recipient, 4 created contract). Its primary key is also the order a
 * history page reads, newest first (a backward index scan): page 1,000 seeks straight to its
 * cursor instead of skipping 999 pages.
 */
export const migration = {
  id: 1,
  name: 'history',
  sql: `
CREATE TABLE index_cursor (
  chain       text PRIMARY KEY,
  number      bigint NOT NULL,
  hash        bytea NOT NULL,
  tip         bigint,
  rate        real,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE blocks (
  chain          text NOT NULL,
  number         bigint NOT NULL,
  hash           bytea NOT NULL,
  parent_hash    bytea NOT NULL,
  number_prime   bigint NOT NULL,
  number_region  bigint NOT NULL,
  timestamp      bigint NOT NULL,
  tx_count       integer NOT NULL,
  PRIMARY KEY (chain, number)
);

CREATE TABLE transactions (
  chain             text NOT NULL,
  block_number      bigint NOT NULL,
  tx_index          integer NOT NULL,
  hash              bytea NOT NULL,
  type              smallint NOT NULL,
  sender            bytea NOT NULL,
  recipient         bytea,
  contract_address  bytea,
  value             numeric(78, 0) NOT NULL,
  nonce             bigint NOT NULL,
  gas               bigint NOT NULL,
  gas_used          bigint,
  gas_price         numeric(78, 0),
  status            smallint,
  method            bytea,
  other_chain       text,
  PRIMARY KEY (chain, block_number, tx_index)
);
CREATE INDEX transactions_by_hash ON transactions (hash);

CREATE TABLE address_transactions (
  address       bytea NOT NULL,
  block_number  bigint NOT NULL,
  tx_index      integer NOT NULL,
  chain         text NOT NULL,
  role          smallint NOT NULL,
  PRIMARY KEY (address, block_number, tx_index, chain)
);
`,
} as const;
