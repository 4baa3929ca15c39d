/**
 * Migration 10: token approvals, the allowances and operator approvals an owner gave, from the
 * receipts' `Approval` (ERC-20) and `ApprovalForAll` (ERC-721 / ERC-1155) logs, decoded by
 * lib/decode/token-approvals.ts.
 *
 * One row per log, keyed by its block like every derived row, so a rollback is "delete above N on
 * this chain". `kind` is 1 for an ERC-20 allowance (`amount` the value set) and 2 for an operator
 * approval (`amount` 1 approved, 0 withdrawn). What an owner has approved now is the newest row
 * per (token, spender, kind), found through token_approvals_by_owner; the explorer reads the
 * amount again from the node, since spending an allowance lowers it without an event.
 *
 * An index created before this migration re-reads the blocks it already had (migrate.ts).
 */
export const migration = {
  id: 10,
  name: 'token-approvals',
  sql: `
CREATE TABLE token_approvals (
  chain         text NOT NULL,
  block_number  bigint NOT NULL,
  tx_index      integer NOT NULL,
  log_index     integer NOT NULL,
  kind          smallint NOT NULL,
  token         bytea NOT NULL,
  owner         bytea NOT NULL,
  spender       bytea NOT NULL,
  amount        numeric(78, 0) NOT NULL,
  PRIMARY KEY (chain, block_number, tx_index, log_index)
);
CREATE INDEX token_approvals_by_owner ON token_approvals (owner, token, spender, kind, block_number DESC, tx_index DESC, log_index DESC);
`,
} as const;
