/**
 * Migration 17: what reading unverified code needs of the verified contracts.
 *
 * verified_contracts gains, for contracts verified from now on:
 * - storage_layout: solc's `storageLayout` of the contract (JSON text), which names the slots the
 *   State changes tab shows (lib/contracts/storage-layout.ts);
 * - runtime_length and runtime_skeleton: the compiled runtime code's length without its metadata
 *   tail, and the keccak of that code with the immutables zeroed, with immutable_refs (solc's
 *   `immutableReferences`, JSON): another address whose code is the same but for its metadata
 *   hash is this contract's similar match (lib/contracts/similar-code.ts), found by length first;
 * - signatures_written: whether its ABI's functions, events and errors are in abi_signatures.
 *
 * abi_signatures: every function, event and error of every ABI verified here, by kind and selector
 * (an event's topic0), as one line of Solidity (lib/decode/signature-db/format.ts): the instance's
 * part of the signature database. Rows verified before this migration are added by the explorer
 * the first time it reads the table (signatures_written false).
 */
export const migration = {
  id: 17,
  name: 'bytecode-matching',
  sql: `
ALTER TABLE verified_contracts ADD COLUMN storage_layout text;
ALTER TABLE verified_contracts ADD COLUMN runtime_length integer;
ALTER TABLE verified_contracts ADD COLUMN runtime_skeleton bytea;
ALTER TABLE verified_contracts ADD COLUMN immutable_refs text;
ALTER TABLE verified_contracts ADD COLUMN signatures_written boolean NOT NULL DEFAULT false;
CREATE INDEX verified_contracts_runtime_length ON verified_contracts (runtime_length) WHERE runtime_length IS NOT NULL;

CREATE TABLE abi_signatures (
  kind      text NOT NULL,
  selector  bytea NOT NULL,
  signature text NOT NULL,
  PRIMARY KEY (kind, selector, signature)
);
`,
} as const;
