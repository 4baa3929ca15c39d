/**
 * Migration 21: what the lists of transactions, tokens and verified contracts read
 * (lib/index/readers/lists/tx-list-reader.ts and its siblings), each page one index seek whatever its
 * depth, and the uncles' own hash and zone number for a chain's uncle list.
 *
 * Transactions: partial indexes for the list's filters, each in the key's order (chain, block,
 * index), so a filtered page is one seek too: failed ones, ETXs by type, calls by method
 * selector, contract creations.
 *
 * Tokens: token_stats (per token: transfers, holders, minted and burned amounts), token_balances
 * (per holder, the zero address left out: how holders are counted) and token_transfers_hourly
 * (transfers per UTC hour of their block, for the last 24 h): running totals of the token-stats
 * derivation, kept by its writes and rollbacks; an existing index re-reads its blocks for them.
 * token_stats also carries the token's standard and its lower-cased name and symbol (copied from
 * its `tokens` row), with indexes for `q=`'s prefix, so a filtered page reads one table: joined to
 * `tokens` row by row, a page of a common prefix cost 70 ms on PostgreSQL and 260 ms on PGlite
 * over 100,000 tokens. (PGlite ships pg_trgm only as an extension loaded into each instance:
 * prefix indexes serve both drivers as they are.)
 *
 * Verified contracts: the source's SPDX license identifier as a generated column (the first one
 * in the standard JSON input), the list's order (newest verification first) and the lower-cased
 * name (without the source path a submission may put before it: `DevToken.sol:DevToken`) as a
 * generated column with its index.
 *
 * The name key is the expression migration 19 indexed for search's prefixes, so that index goes:
 * search reads the same key (readers/search-reader.ts), one index of one text for both.
 *
 * The search keys are in the "C" collation, byte order: their plain index serves a LIKE prefix
 * and its own order both, so how many names share a prefix is counted by reading the index in
 * order up to a cap (a text_pattern_ops index serves the prefix but not the order, and without the
 * order the count read every match).
 */
export const migration = {
  id: 21,
  name: 'browse-lists',
  sql: `
ALTER TABLE mined_blocks ADD COLUMN hash bytea;
ALTER TABLE mined_blocks ADD COLUMN number bigint;

CREATE INDEX transactions_failed ON transactions (chain, block_number, tx_index) WHERE status = 0;
CREATE INDEX transactions_etxs ON transactions (chain, type, block_number, tx_index) WHERE type <> 0;
CREATE INDEX transactions_by_method ON transactions (chain, method, block_number, tx_index) WHERE method IS NOT NULL;
CREATE INDEX transactions_creations ON transactions (chain, block_number, tx_index) WHERE contract_address IS NOT NULL;

CREATE TABLE token_stats (
  chain       text NOT NULL,
  token       bytea NOT NULL,
  transfers   bigint NOT NULL,
  holders     bigint NOT NULL,
  minted      numeric(78, 0) NOT NULL,
  burned      numeric(78, 0) NOT NULL,
  standard    smallint,
  name_key    text COLLATE "C",
  symbol_key  text COLLATE "C",
  PRIMARY KEY (chain, token)
);
CREATE INDEX token_stats_by_holders ON token_stats (holders, chain, token);
CREATE INDEX token_stats_by_transfers ON token_stats (transfers, chain, token);
CREATE INDEX token_stats_by_name ON token_stats (name_key);
CREATE INDEX token_stats_by_symbol ON token_stats (symbol_key);

CREATE TABLE token_balances (
  chain    text NOT NULL,
  token    bytea NOT NULL,
  holder   bytea NOT NULL,
  balance  numeric(78, 0) NOT NULL,
  PRIMARY KEY (chain, token, holder)
);

CREATE TABLE token_transfers_hourly (
  chain      text NOT NULL,
  token      bytea NOT NULL,
  hour       integer NOT NULL,
  transfers  bigint NOT NULL,
  PRIMARY KEY (chain, token, hour)
);


ALTER TABLE verified_contracts ADD COLUMN license text
  GENERATED ALWAYS AS (substring(input from 'SPDX-License-Identifier:\\s*([A-Za-z0-9.+-]+)')) STORED;
ALTER TABLE verified_contracts ADD COLUMN name_key text COLLATE "C"
  GENERATED ALWAYS AS (lower(regexp_replace(contract_name, '^.*:', ''))) STORED;
CREATE INDEX verified_contracts_by_time ON verified_contracts (verified_at, address);
CREATE INDEX verified_contracts_by_name ON verified_contracts (name_key);
DROP INDEX verified_contracts_name_prefix
`,
} as const;
