/**
 * Migration 8: internal transfers, the value a transaction moved below its root call (a contract
 * paying another, a CREATE with value, a selfdestruct's balance), from the node's callTracer
 * (debug_traceBlockByHash) by lib/trace/internal-transfers.ts, the function the tx page uses.
 *
 * As the history: internal_transfers keyed by block (a rollback is "delete above N on this
 * chain"), address_internal_transfers one row per party (1 sender, 2 recipient), keyed in the
 * order an address's page reads, newest first. `seq` numbers a transaction's transfers in the
 * order they ran; `trace_id` is the frame's path ("0_1", Etherscan's traceId). `error` is the
 * frame's own error or its failed ancestor's: then no value moved (Etherscan's isError).
 *
 * untraced_blocks: the blocks written while the node served no tracer ("method not found"), so
 * their transfers are missing and the index status says so. When the node traces again, the
 * derivation hands them to the re-reader (index_rereads), which writes what they lack.
 *
 * An index created before this migration re-reads the blocks it already had (migrate.ts).
 */
export const migration = {
  id: 8,
  name: 'internal-transfers',
  sql: `
CREATE TABLE internal_transfers (
  chain             text NOT NULL,
  block_number      bigint NOT NULL,
  tx_index          integer NOT NULL,
  seq               integer NOT NULL,
  trace_id          text NOT NULL,
  type              text NOT NULL,
  sender            bytea NOT NULL,
  recipient         bytea NOT NULL,
  contract_address  bytea,
  value             numeric(78, 0) NOT NULL,
  gas               numeric(78, 0) NOT NULL,
  gas_used          numeric(78, 0) NOT NULL,
  error             text,
  PRIMARY KEY (chain, block_number, tx_index, seq)
);

CREATE TABLE address_internal_transfers (
  address       bytea NOT NULL,
  block_number  bigint NOT NULL,
  tx_index      integer NOT NULL,
  seq           integer NOT NULL,
  chain         text NOT NULL,
  role          smallint NOT NULL,
  PRIMARY KEY (address, block_number, tx_index, seq, chain)
);

CREATE TABLE untraced_blocks (
  chain         text NOT NULL,
  block_number  bigint NOT NULL,
  reason        text NOT NULL,
  PRIMARY KEY (chain, block_number)
);
`,
} as const;
