/**
 * Migration 19: the indexes search, the sender's nonce links and the exports' date ranges read.
 *
 * - Names (readers/search-reader.ts): a token's name and symbol, a verified contract's name (the
 *   part after the source path's `:`), each lower-cased twice over: a btree with
 *   text_pattern_ops for prefixes (`LIKE 'dev%'`, any collation; what a 2-character query uses),
 *   and a trigram GIN (pg_trgm) for the same text anywhere in the name (`LIKE '%token%'`, from 3
 *   characters). A token's trigram text holds its name and symbol twice: as written, and with
 *   everything but ASCII letters and digits taken out, so "DevToken" finds "Strata Dev Token".
 *   Without GIN's fast update: its pending list is read whole by every search until a VACUUM
 *   merges it, and PGlite never vacuums (a token is written once, so the slower insert costs nothing). pg_trgm is in PostgreSQL's contrib (trusted since PostgreSQL 13: the database's
 *   owner may create it) and in PGlite's, which the driver loads on every open (pglite-driver.ts).
 *   The expressions are repeated in ../readers/search-reader.ts: a query must repeat an
 *   expression index's expression exactly to use it.
 * - Hashes: blocks by hash, so search finds a zone block's hash in the index before asking nodes.
 * - Nonces: a sender's transactions by nonce (types 0 and 2: a type 1 is an ETX's credit, whose
 *   nonce is not its sender's in this zone), for a transaction page's previous and next.
 * - Time: each chain's blocks by timestamp, so a date range becomes a block range by two seeks
 *   (a block's timestamp is never below its parent's, so the first block at a time is the lowest).
 */
export const migration = {
  id: 19,
  name: 'search-and-nonces',
  sql: `
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX tokens_name_prefix ON tokens (lower(name) text_pattern_ops);
CREATE INDEX tokens_symbol_prefix ON tokens (lower(symbol) text_pattern_ops);
CREATE INDEX tokens_names_trgm ON tokens USING gin ((lower(coalesce(name, '') || ' ' || coalesce(symbol, '')) || ' ' || regexp_replace(lower(coalesce(name, '') || coalesce(symbol, '')), '[^a-z0-9]+', '', 'g')) gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX verified_contracts_name_prefix ON verified_contracts (lower(regexp_replace(contract_name, '^.*:', '')) text_pattern_ops);
CREATE INDEX verified_contracts_name_trgm ON verified_contracts USING gin (lower(regexp_replace(contract_name, '^.*:', '')) gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX blocks_by_hash ON blocks (hash);
CREATE INDEX blocks_by_time ON blocks (chain, timestamp, number);
CREATE INDEX transactions_by_sender_nonce ON transactions (sender, nonce) WHERE type <> 1
`,
} as const;
