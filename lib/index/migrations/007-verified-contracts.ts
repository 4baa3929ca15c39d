/**
 * Migration 7: contract creations (a derivation) and verified contracts with their jobs.
 *
 * contract_creations is derived from blocks: one row per transaction whose receipt names a
 * `contractAddress`, with its creator and hash, so the creation of an address is found by index
 * (getcontractcreation, the verifier's creation input) instead of a scan. Rolled back with its
 * block like any per-block row. Contracts created by contracts are not here: the receipt names only
 * the transaction's own creation; those need traces.
 *
 * verify_jobs and verified_contracts are not derived from blocks: the explorer writes them when a
 * client submits sources (verifysourcecode) and a compile worker finishes. Any explorer process
 * writes them through the pool, whether or not it holds the index's writer lock (that lock guards
 * the derived tables only), so an explorer reading an index that `npm run indexer` writes still
 * verifies. A job is claimed by `claimed_by`/`claimed_at` so a restarted or second process takes
 * over a pending one without running it twice at once.
 *
 * JSON (the standard JSON input, settings, ABI) is stored as text: both drivers hand text back the
 * same, and nothing queries inside it.
 */
export const migration = {
  id: 7,
  name: 'verified-contracts',
  sql: `
CREATE TABLE contract_creations (
  chain         text NOT NULL,
  block_number  bigint NOT NULL,
  tx_index      integer NOT NULL,
  address       bytea NOT NULL,
  creator       bytea NOT NULL,
  tx_hash       bytea NOT NULL,
  PRIMARY KEY (chain, block_number, tx_index)
);
CREATE INDEX contract_creations_by_address ON contract_creations (address);

CREATE TABLE verify_jobs (
  guid              text PRIMARY KEY,
  address           bytea NOT NULL,
  chain             text NOT NULL,
  state             text NOT NULL CHECK (state IN ('pending', 'pass', 'fail', 'already')),
  result            text NOT NULL,
  match_kind        text CHECK (match_kind IN ('full', 'partial')),
  reason            text,
  compiler_version  text NOT NULL,
  contract_name     text NOT NULL,
  input             text NOT NULL,
  constructor_args  text,
  submitted_at      timestamptz NOT NULL DEFAULT now(),
  claimed_by        text,
  claimed_at        timestamptz,
  finished_at       timestamptz
);
CREATE INDEX verify_jobs_pending ON verify_jobs (submitted_at) WHERE state = 'pending';
CREATE INDEX verify_jobs_by_address ON verify_jobs (address, submitted_at);

CREATE TABLE verified_contracts (
  address           bytea PRIMARY KEY,
  chain             text NOT NULL,
  match_kind        text NOT NULL CHECK (match_kind IN ('full', 'partial')),
  compiler_version  text NOT NULL,
  contract_name     text NOT NULL,
  input             text NOT NULL,
  abi               text NOT NULL,
  constructor_args  text NOT NULL,
  salt              text,
  creation_tx       bytea,
  creator           bytea,
  creation_block    bigint,
  job_guid          text NOT NULL,
  verified_at       timestamptz NOT NULL DEFAULT now()
)
`,
} as const;
