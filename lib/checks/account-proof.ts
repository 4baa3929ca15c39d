/**
 * What the address page says about the node's answers: the account proof verified against the
 * "as of" block's stateRoot (lib/protocol/proof.ts), the storage proof against the proven
 * storageHash, and the plain answers (getBalance, getTransactionCount, getCode, getStorageAt)
 * compared with what the proof commits to. A node could answer getBalance with anything; only
 * the proof ties the figure to the block's state root.
 */
import { keccak256, type Hex } from 'viem';
import { EMPTY_CODE_HASH, verifyAccountProof, verifyStorageProof, type ProofResult } from '@/lib/protocol/proof';
import type { AccountProof } from '@/lib/rpc/domain';
import { proofOutcome, type ProofOutcome } from './proof-outcome';

export interface ConsistencyCheck {
  readonly label: string;
  readonly ok: boolean;
  readonly detail: string;
}

export interface ProofVerdict {
  /** The Merkle proof against the block's stateRoot. */
  readonly account: ProofResult;
  /** Why: verified, proves absence, valid for another state root (named), or corrupt. */
  readonly outcome: ProofOutcome;
  /** Plain answers against the proven account fields (only meaningful when `account.ok`). */
  readonly consistency: readonly ConsistencyCheck[];
}

export interface PlainAnswers {
  readonly balance?: bigint;
  readonly nonce?: bigint;
  readonly code?: Hex;
}

export function checkAccount(stateRoot: Hex, proof: AccountProof, plain: PlainAnswers): ProofVerdict {
  // Storage entries are judged on their own (checkStorage), so a bad slot proof is reported as
  // such instead of as a failed account proof.
  const accountOnly = { ...proof, storageProof: [] };
  const account = verifyAccountProof(stateRoot, accountOnly);
  const outcome = proofOutcome(stateRoot, proof.accountProof, (root) => verifyAccountProof(root, accountOnly));
  const consistency: ConsistencyCheck[] = [];
  if (plain.balance !== undefined) {
    consistency.push({
      label: 'getBalance matches the proof',
      ok: plain.balance === proof.balance,
      detail: plain.balance === proof.balance ? `${proof.balance} wei` : `getBalance said ${plain.balance} wei, the proof ${proof.balance} wei`,
    });
  }
  if (plain.nonce !== undefined) {
    consistency.push({
      label: 'getTransactionCount matches the proof',
      ok: plain.nonce === proof.nonce,
      detail: plain.nonce === proof.nonce ? `nonce ${proof.nonce}` : `getTransactionCount said ${plain.nonce}, the proof ${proof.nonce}`,
    });
  }
  if (plain.code !== undefined) {
    const codeHash = plain.code === '0x' ? EMPTY_CODE_HASH : keccak256(plain.code);
    const same = codeHash.toLowerCase() === proof.codeHash.toLowerCase();
    consistency.push({
      label: 'getCode hashes to the proven codeHash',
      ok: same,
      detail: same ? codeHash : `keccak256(code) is ${codeHash}, the proof says ${proof.codeHash}`,
    });
  }
  return { account, outcome, consistency };
}

export interface StorageVerdict {
  readonly proof: ProofResult;
  /** Why, as for the account: another root here means the proof is of another storage trie. */
  readonly outcome: ProofOutcome;
  /** getStorageAt against the proven value. */
  readonly consistency?: ConsistencyCheck;
}

/** Verifies the storage proof entry for `slot` against the (account-proven) storageHash. */
export function checkStorage(proof: AccountProof, slot: Hex, storageAt: Hex | undefined): StorageVerdict {
  const entry = proof.storageProof.find((e) => BigInt(e.key) === BigInt(slot));
  if (!entry) {
    const reason = `The node's proof has no storage entry for slot ${slot}.`;
    return { proof: { ok: false, reason }, outcome: { kind: 'corrupt', reason } };
  }
  const result = verifyStorageProof(proof.storageHash, entry);
  const outcome = proofOutcome(proof.storageHash, entry.proof, (root) => verifyStorageProof(root, entry));
  if (storageAt === undefined) return { proof: result, outcome };
  const plain = storageAt === '0x' ? 0n : BigInt(storageAt);
  return {
    proof: result,
    outcome,
    consistency: {
      label: 'getStorageAt matches the proof',
      ok: plain === entry.value,
      detail: plain === entry.value ? `${entry.value}` : `getStorageAt said ${plain}, the proof ${entry.value}`,
    },
  };
}
