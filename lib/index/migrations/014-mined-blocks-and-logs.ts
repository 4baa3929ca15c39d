/**
 * Migration 14: who mined each block (and each uncle it includes), and every log of every
 * receipt, for Etherscan's getminedblocks and getLogs (lib/etherscan/actions/).
 *
 * mined_blocks: one row per block (`uncle` -1) and per included uncle (its position), keyed by
 * block so a rollback is "delete above N on this chain"; read by miner, newest first.
 * logs: one row per log, keyed by block and log index; topic0–topic3 as columns (null past the
 * log's last topic) so that a topic filter is a plain comparison; read by chain and block range,
 * by address or by topic0 within it.
 *
 * An index created before this migration re-reads the blocks it already had (migrate.ts).
 */
export const migration = {
  id: 14,
  name: 'mined-blocks-and-logs',
  sql: `
CREATE TABLE mined_blocks (
  chain         text NOT NULL,
  block_number  bigint NOT NULL,
  uncle         integer NOT NULL,
  miner         bytea NOT NULL,
  PRIMARY KEY (chain, block_number, uncle)
);
CREATE INDEX mined_blocks_by_miner ON mined_blocks (miner, block_number, chain, uncle);

CREATE TABLE logs (
  chain         text NOT NULL,
  block_number  bigint NOT NULL,
  log_index     integer NOT NULL,
  tx_index      integer NOT NULL,
  address       bytea NOT NULL,
  topic0        bytea,
  topic1        bytea,
  topic2        bytea,
  topic3        bytea,
  data          bytea NOT NULL,
  PRIMARY KEY (chain, block_number, log_index)
);
CREATE INDEX logs_by_address ON logs (address, chain, block_number, log_index);
CREATE INDEX logs_by_topic0 ON logs (topic0, chain, block_number, log_index)
`,
} as const;
