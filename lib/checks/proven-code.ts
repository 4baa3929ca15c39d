/**
 * Code the explorer follows must be the code the state root commits to: an account proof
 * (getProof) walked from the block's state root gives the account's code hash, and the code
 * `getCode` answered must hash to it. A clone's implementation read from its code, or a similar
 * match found by comparing code, is followed only when this holds. The same proof carries any
 * storage slots asked (a beacon proxy's beacon slot), each proven against the proven storage root.
 */
import { getAddress, keccak256, numberToHex, type Address, type Hex } from 'viem';
import { verifyAccountProof } from '@/lib/protocol/proof';
import type { AccountProof } from '@/lib/rpc/domain';

export type ProvenCode =
  | { readonly ok: true; readonly codeHash: Hex; readonly slots: ReadonlyMap<string, bigint> }
  | { readonly ok: false; readonly reason: string };

/** The proof against `stateRoot`, and `code` against the proven code hash. */
export function checkProvenCode(stateRoot: Hex, proof: AccountProof, code: Hex): ProvenCode {
  const verdict = verifyAccountProof(stateRoot, proof);
  if (!verdict.ok) return { ok: false, reason: verdict.reason };
  const hash = keccak256(code);
  if (hash.toLowerCase() !== proof.codeHash.toLowerCase()) {
    return { ok: false, reason: `the code the node gave hashes to ${hash}, but the proven account's code hash is ${proof.codeHash}` };
  }
  const slots = new Map(proof.storageProof.map((e) => [numberToHex(BigInt(e.key), { size: 32 }), e.value]));
  return { ok: true, codeHash: hash, slots };
}

/** A proven slot's value as the address in its low 20 bytes, or null when the slot is empty or not in the proof. */
export function slotAddress(proven: Extract<ProvenCode, { ok: true }>, slot: Hex): Address | null {
  const value = proven.slots.get(numberToHex(BigInt(slot), { size: 32 }));
  if (value === undefined || value === 0n) return null;
  return getAddress(numberToHex(value & ((1n << 160n) - 1n), { size: 20 }));
}
