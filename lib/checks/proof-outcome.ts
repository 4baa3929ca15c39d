/**
 * Why a Merkle proof did or did not check out, in four outcomes a reader can act on:
 * - verified: it proves the value against the root it was checked against;
 * - absent: it proves the key is not in the trie (the value is empty);
 * - other root: it is a well-formed proof, but of another root (the node answered for another
 *   block's state, or another account's storage) — named, so the reader can compare;
 * - corrupt: it proves nothing (a node does not hash to its parent's reference, or the claimed
 *   fields are not what the leaf holds).
 * A proof is "of another root" when its first node hashes to that root and it verifies there.
 */
import { keccak256, type Hex } from 'viem';
import type { ProofResult } from '@/lib/protocol/proof';

export type ProofOutcome =
  | { readonly kind: 'verified' }
  | { readonly kind: 'absent' }
  | { readonly kind: 'other-root'; readonly root: Hex; readonly expectedRoot: Hex; readonly existence: 'present' | 'absent' }
  | { readonly kind: 'corrupt'; readonly reason: string };

/** True when the proof ties the shown values to the expected root (present or absent). */
export const proven = (o: ProofOutcome): boolean => o.kind === 'verified' || o.kind === 'absent';

/**
 * Classifies a proof. `verify(root)` runs the verifier against a root; `nodes` are the proof's
 * nodes, root first.
 */
export function proofOutcome(expectedRoot: Hex, nodes: readonly Hex[], verify: (root: Hex) => ProofResult): ProofOutcome {
  const result = verify(expectedRoot);
  if (result.ok) return result.existence === 'absent' ? { kind: 'absent' } : { kind: 'verified' };
  const first = nodes[0];
  if (first !== undefined && /^0x([0-9a-fA-F]{2})+$/.test(first)) {
    const own = keccak256(first);
    if (own.toLowerCase() !== expectedRoot.toLowerCase()) {
      const there = verify(own);
      if (there.ok) return { kind: 'other-root', root: own, expectedRoot, existence: there.existence };
    }
  }
  return { kind: 'corrupt', reason: result.reason };
}

/** One line for the outcome, naming the roots: used by the page and by the API alike. */
export function describeOutcome(o: ProofOutcome, what: string): string {
  switch (o.kind) {
    case 'verified':
      return `verified ${what}`;
    case 'absent':
      return `proves absence ${what}: the value is empty`;
    case 'other-root':
      return `valid, but for another root: it proves ${o.existence === 'absent' ? 'absence' : 'the values'} against ${o.root}, not ${o.expectedRoot}`;
    case 'corrupt':
      return `corrupt: ${o.reason}`;
  }
}
