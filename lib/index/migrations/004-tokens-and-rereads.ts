/**
 * Migration 4: the token table, and the bookkeeping that lets an existing index gain a new
 * derivation by re-reading blocks it already holds.
 *
 * tokens: one row per (chain, token contract) seen in a transfer, filled once by the writer when
 * the token first appears: its standard (of that first transfer), name, symbol and decimals as the
 * contract answered `call`s at that block (null each when refused or unreadable), `answered`
 * false when it answered none of the three, and the block the facts were read at. The row is
 * keyed by the block that first saw the token, so a rollback of that block removes it (it is
 * read again when the token is next seen) and an index always equals a fresh one; the
 * (chain, block_number) index serves that rollback.
 *
 * index_rereads: per chain and derivation, the stored blocks [next, through] that still lack the
 * derivation's rows, because the derivation came in a migration after they were written
 * (migrate.ts fills it in the same transaction that applies the migration; rereader.ts empties it).
 */
export const migration = {
  id: 4,
  name: 'tokens-and-rereads',
  sql: `
CREATE TABLE tokens (
  chain         text NOT NULL,
  token         bytea NOT NULL,
  standard      smallint NOT NULL,
  name          text,
  symbol        text,
  decimals      smallint,
  answered      boolean NOT NULL,
  block_number  bigint NOT NULL,
  PRIMARY KEY (chain, token)
);
CREATE INDEX tokens_by_block ON tokens (chain, block_number);

CREATE TABLE index_rereads (
  chain       text NOT NULL,
  derivation  text NOT NULL,
  next        bigint NOT NULL,
  through     bigint NOT NULL,
  PRIMARY KEY (chain, derivation)
)
`,
} as const;
