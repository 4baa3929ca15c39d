import { beforeAll, describe, expect, it } from 'vitest';
import { createMerkleProof, createMPT } from '@ethereumjs/mpt';
import { RLP } from '@ethereumjs/rlp';
import { bytesToHex, hexToBytes, keccak256, numberToHex, type Address, type Hex } from 'viem';
import { PROOF_EXAMPLE } from '@/lib/protocol/colosseum.fixture';
import { EMPTY_CODE_HASH, verifyAccountProof, type AccountProof } from '@/lib/protocol/proof';
import { EMPTY_TRIE_ROOT } from '@/lib/protocol/trie-root';
import { checkAccount } from './account-proof';
import { describeOutcome, proofOutcome, proven } from './proof-outcome';

const addressOf = (i: number): Address => `0x${keccak256(numberToHex(i)).slice(2, 42)}`;
const big = (n: bigint) => (n === 0n ? new Uint8Array() : hexToBytes(numberToHex(n)));

// Two states of the same accounts (balances differ): a proof from one is valid for the other's root only.
let rootA: Hex;
let rootB: Hex;
let proofA: AccountProof;

async function state(balanceOf: (i: number) => bigint) {
  const trie = await createMPT();
  for (let i = 0; i < 20; i++) {
    await trie.put(hexToBytes(keccak256(addressOf(i))), RLP.encode([big(1n), big(balanceOf(i)), hexToBytes(EMPTY_TRIE_ROOT), hexToBytes(EMPTY_CODE_HASH)]));
  }
  return trie;
}

beforeAll(async () => {
  const a = await state((i) => BigInt(i) * 10n);
  const b = await state((i) => BigInt(i) * 10n + 1n);
  rootA = bytesToHex(a.root());
  rootB = bytesToHex(b.root());
  const address = addressOf(5);
  const nodes = (await createMerkleProof(a, hexToBytes(keccak256(address)))).map((n) => bytesToHex(n));
  proofA = { address, accountProof: nodes, balance: 50n, nonce: 1n, codeHash: EMPTY_CODE_HASH, storageHash: EMPTY_TRIE_ROOT, storageProof: [] };
});

/** The last byte's low bit flipped: still hex of the same length, no longer the node that was proven. */
const flipLast = (hex: Hex): Hex => `${hex.slice(0, -2)}${(parseInt(hex.slice(-2), 16) ^ 1).toString(16).padStart(2, '0')}` as Hex;

const outcomeOf = (root: Hex, proof: AccountProof) => proofOutcome(root, proof.accountProof, (r) => verifyAccountProof(r, proof));

describe('proofOutcome', () => {
  it('verified: the proof of a present account against its root', () => {
    expect(outcomeOf(rootA, proofA)).toEqual({ kind: 'verified' });
  });

  it('proves absence: a real node\'s proof of an absent account', () => {
    const proof = PROOF_EXAMPLE as unknown as AccountProof;
    expect(outcomeOf(keccak256(proof.accountProof[0]!), proof)).toEqual({ kind: 'absent' });
  });

  it('valid for another state root: names the root it proves', () => {
    const outcome = outcomeOf(rootB, proofA);
    expect(outcome).toEqual({ kind: 'other-root', root: rootA, expectedRoot: rootB, existence: 'present' });
    expect(describeOutcome(outcome, 'here')).toContain(rootA);
    expect(proven(outcome)).toBe(false);
  });

  it('corrupt: a node altered in transit, with the verifier\'s reason', () => {
    const nodes = [...proofA.accountProof];
    nodes[nodes.length - 1] = flipLast(nodes[nodes.length - 1]!);
    const outcome = outcomeOf(rootA, { ...proofA, accountProof: nodes });
    expect(outcome.kind).toBe('corrupt');
    if (outcome.kind === 'corrupt') expect(outcome.reason).toMatch(/^Account proof: /);
  });

  it('corrupt, not another root, when the claimed balance is not what the leaf holds', () => {
    expect(outcomeOf(rootA, { ...proofA, balance: 51n }).kind).toBe('corrupt');
  });
});

describe('checkAccount', () => {
  it('carries the outcome, and compares the plain answers with the proof', () => {
    const verdict = checkAccount(rootB, proofA, { balance: 50n });
    expect(verdict.outcome.kind).toBe('other-root');
    expect(verdict.consistency).toEqual([{ label: 'getBalance matches the proof', ok: true, detail: '50 wei' }]);
  });
});
