/**
 * An EIP-1967 proxy's implementation and admin, proven: both slots' values come from a getProof
 * answer verified against the block's state root (the account proof, then each storage proof
 * against the proven storageHash). The node's word is never taken for where a proxy points.
 *
 * The slots are computed here from their labels, as EIP-1967 defines them:
 * bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1), likewise "…admin".
 */
import { getAddress, keccak256, numberToHex, stringToBytes, type Address, type Hex } from 'viem';
import { verifyAccountProof, verifyStorageProof, type ProofResult } from '@/lib/protocol/proof';
import type { AccountProof } from '@/lib/rpc/domain';
import { proofOutcome, type ProofOutcome } from './proof-outcome';

function eip1967Slot(label: string): Hex {
  return numberToHex(BigInt(keccak256(stringToBytes(label))) - 1n, { size: 32 });
}

export const EIP1967 = {
  implementation: eip1967Slot('eip1967.proxy.implementation'),
  admin: eip1967Slot('eip1967.proxy.admin'),
  beacon: eip1967Slot('eip1967.proxy.beacon'),
} as const;

export interface SlotReading {
  readonly slot: Hex;
  /** The address the slot holds (its low 20 bytes); null when the slot is empty. */
  readonly address: Address | null;
  /** The storage proof of this slot against the account's proven storageHash. */
  readonly proof: ProofResult;
  /** Why it did or did not check out: verified, absent, valid for another root, corrupt. */
  readonly outcome: ProofOutcome;
}

export interface ProxyVerdict {
  /** The account proof against the block's state root; the slot proofs mean nothing without it. */
  readonly account: ProofResult;
  readonly accountOutcome: ProofOutcome;
  readonly implementation: SlotReading;
  readonly admin: SlotReading;
  /** True when the account and both slot proofs verify. */
  readonly verified: boolean;
  /** An EIP-1967 proxy: the (proven) implementation slot is set. */
  readonly isProxy: boolean;
}

function reading(proof: AccountProof, slot: Hex): SlotReading {
  const entry = proof.storageProof.find((e) => BigInt(e.key) === BigInt(slot));
  if (!entry) {
    const reason = `The node's proof has no entry for slot ${slot}.`;
    return { slot, address: null, proof: { ok: false, reason }, outcome: { kind: 'corrupt', reason } };
  }
  const result = verifyStorageProof(proof.storageHash, entry);
  const outcome = proofOutcome(proof.storageHash, entry.proof, (root) => verifyStorageProof(root, entry));
  const address = entry.value === 0n ? null : getAddress(numberToHex(entry.value & ((1n << 160n) - 1n), { size: 20 }));
  return { slot, address, proof: result, outcome };
}

/** Judges a getProof answer for both EIP-1967 slots against `stateRoot`. */
export function checkProxySlots(stateRoot: Hex, proof: AccountProof): ProxyVerdict {
  const accountOnly = { ...proof, storageProof: [] };
  const account = verifyAccountProof(stateRoot, accountOnly);
  const accountOutcome = proofOutcome(stateRoot, proof.accountProof, (root) => verifyAccountProof(root, accountOnly));
  const implementation = reading(proof, EIP1967.implementation);
  const admin = reading(proof, EIP1967.admin);
  const verified = account.ok && implementation.proof.ok && admin.proof.ok;
  return { account, accountOutcome, implementation, admin, verified, isProxy: implementation.address !== null };
}
