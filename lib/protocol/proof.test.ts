import { beforeAll, describe, expect, test } from 'vitest';
import { createMerkleProof, createMPT, type MerklePatriciaTrie } from '@ethereumjs/mpt';
import { RLP } from '@ethereumjs/rlp';
import { bytesToHex, hexToBytes, keccak256, numberToHex, padHex, type Address, type Hex } from 'viem';
import { EMPTY_CODE_HASH, verifyAccountProof, verifyStorageProof, type AccountProof } from './proof';
import { EMPTY_TRIE_ROOT } from './trie-root';

// A real state: 40 accounts (so the account trie has branches and extensions), one with storage.
const addressOf = (i: number): Address => `0x${keccak256(numberToHex(i)).slice(2, 42)}`;
const big = (n: bigint) => (n === 0n ? new Uint8Array() : hexToBytes(numberToHex(n)));
const slotKey = (i: number): Hex => padHex(numberToHex(i), { size: 32 });

let state: MerklePatriciaTrie;
let storage: MerklePatriciaTrie;
let stateRoot: Hex;
let storageRoot: Hex;
const code = keccak256('0x6080');
const slots = new Map<number, bigint>([[0, 1n], [1, 0xdeadbeefn], [2, 2n ** 255n], [7, 42n]]);

async function proofFor(trie: MerklePatriciaTrie, hashedKey: Hex): Promise<Hex[]> {
  return (await createMerkleProof(trie, hexToBytes(hashedKey))).map((n) => bytesToHex(n));
}

beforeAll(async () => {
  storage = await createMPT();
  for (const [slot, value] of slots) await storage.put(hexToBytes(keccak256(slotKey(slot))), RLP.encode(big(value)));
  storageRoot = bytesToHex(storage.root());
  state = await createMPT();
  for (let i = 0; i < 40; i++) {
    const account = i === 3
      ? [big(7n), big(10n ** 18n), hexToBytes(storageRoot), hexToBytes(code)]
      : [big(BigInt(i)), big(BigInt(i) * 1000n), hexToBytes(EMPTY_TRIE_ROOT), hexToBytes(EMPTY_CODE_HASH)];
    await state.put(hexToBytes(keccak256(addressOf(i))), RLP.encode(account));
  }
  stateRoot = bytesToHex(state.root());
});

async function contractProof(): Promise<AccountProof> {
  const address = addressOf(3);
  return {
    address, balance: 10n ** 18n, nonce: 7n, codeHash: code, storageHash: storageRoot,
    accountProof: await proofFor(state, keccak256(address)),
    storageProof: await Promise.all([0, 1, 2, 7, 9].map(async (slot) => ({
      key: slotKey(slot), value: slots.get(slot) ?? 0n, proof: await proofFor(storage, keccak256(slotKey(slot))),
    }))),
  };
}

const flipByte = (hex: Hex, at: number): Hex => {
  const bytes = hexToBytes(hex);
  bytes[at] = bytes[at]! ^ 0x01;
  return bytesToHex(bytes);
};

describe('valid proofs', () => {
  test('an account with storage (present and absent slots) verifies', async () => {
    const proof = await contractProof();
    expect(proof.accountProof.length).toBeGreaterThan(1);
    expect(verifyAccountProof(stateRoot, proof)).toEqual({ ok: true, existence: 'present' });
  });

  test('every account of the trie verifies', async () => {
    for (let i = 0; i < 40; i++) {
      if (i === 3) continue;
      const address = addressOf(i);
      const proof: AccountProof = {
        address, nonce: BigInt(i), balance: BigInt(i) * 1000n, codeHash: EMPTY_CODE_HASH, storageHash: EMPTY_TRIE_ROOT,
        accountProof: await proofFor(state, keccak256(address)), storageProof: [],
      };
      expect(verifyAccountProof(stateRoot, proof), `account ${i}`).toEqual({ ok: true, existence: 'present' });
    }
  });

  test('an absent account: proof of absence with an empty claimed account', async () => {
    const address = addressOf(1000);
    const proof: AccountProof = {
      address, nonce: 0n, balance: 0n, codeHash: EMPTY_CODE_HASH, storageHash: EMPTY_TRIE_ROOT,
      accountProof: await proofFor(state, keccak256(address)), storageProof: [],
    };
    expect(verifyAccountProof(stateRoot, proof)).toEqual({ ok: true, existence: 'absent' });
    // geth-style zero hashes for an absent account are accepted too
    expect(verifyAccountProof(stateRoot, { ...proof, codeHash: `0x${'00'.repeat(32)}`, storageHash: `0x${'00'.repeat(32)}` }).ok).toBe(true);
    const claimed = verifyAccountProof(stateRoot, { ...proof, balance: 1n });
    expect(claimed).toEqual({ ok: false, reason: expect.stringMatching(/does not exist.*balance 1/) });
  });

  test('the empty trie', () => {
    const proof: AccountProof = {
      address: addressOf(1), nonce: 0n, balance: 0n, codeHash: EMPTY_CODE_HASH, storageHash: EMPTY_TRIE_ROOT, accountProof: [], storageProof: [],
    };
    expect(verifyAccountProof(EMPTY_TRIE_ROOT, proof)).toEqual({ ok: true, existence: 'absent' });
  });
});

describe('tampering is caught with its reason', () => {
  test('wrong state root', async () => {
    const r = verifyAccountProof(keccak256('0x01'), await contractProof());
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/Root node hash mismatch/) });
  });

  test('a flipped byte in the root node', async () => {
    const proof = await contractProof();
    const r = verifyAccountProof(stateRoot, { ...proof, accountProof: [flipByte(proof.accountProof[0]!, 40), ...proof.accountProof.slice(1)] });
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/Root node hash mismatch/) });
  });

  test('a flipped byte in a deeper node breaks the chain at that depth', async () => {
    const proof = await contractProof();
    const last = proof.accountProof.length - 1;
    const tampered = [...proof.accountProof.slice(0, last), flipByte(proof.accountProof[last]!, 60)];
    const r = verifyAccountProof(stateRoot, { ...proof, accountProof: tampered });
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(new RegExp(`Broken node chain at depth ${last}`)) });
  });

  test('a missing node and an extra node', async () => {
    const proof = await contractProof();
    expect(verifyAccountProof(stateRoot, { ...proof, accountProof: proof.accountProof.slice(0, -1) }))
      .toEqual({ ok: false, reason: expect.stringMatching(/proof ends at depth/) });
    expect(verifyAccountProof(stateRoot, { ...proof, accountProof: [...proof.accountProof, '0x80'] }))
      .toEqual({ ok: false, reason: expect.stringMatching(/unused node/) });
  });

  test('claimed balance, nonce or codeHash differ from the proven leaf', async () => {
    const proof = await contractProof();
    expect(verifyAccountProof(stateRoot, { ...proof, balance: proof.balance + 1n }))
      .toEqual({ ok: false, reason: expect.stringMatching(/Account fields differ.*balance \(proof 1000000000000000000, claimed 1000000000000000001\)/) });
    expect(verifyAccountProof(stateRoot, { ...proof, nonce: 8n })).toEqual({ ok: false, reason: expect.stringMatching(/nonce/) });
    expect(verifyAccountProof(stateRoot, { ...proof, codeHash: EMPTY_CODE_HASH })).toEqual({ ok: false, reason: expect.stringMatching(/codeHash/) });
  });

  test('another account\'s proof does not prove this address', async () => {
    const proof = await contractProof();
    const other = await proofFor(state, keccak256(addressOf(5)));
    const r = verifyAccountProof(stateRoot, { ...proof, accountProof: other });
    expect(r.ok).toBe(false);
  });

  test('storage value mismatch, present and absent', async () => {
    const proof = await contractProof();
    const slot1 = proof.storageProof[1]!;
    expect(verifyStorageProof(storageRoot, slot1)).toEqual({ ok: true, existence: 'present' });
    expect(verifyStorageProof(storageRoot, { ...slot1, value: 1n }))
      .toEqual({ ok: false, reason: expect.stringMatching(/Storage value mismatch: proof 3735928559, claimed 1/) });
    const absent = proof.storageProof[4]!; // slot 9
    expect(verifyStorageProof(storageRoot, absent)).toEqual({ ok: true, existence: 'absent' });
    expect(verifyStorageProof(storageRoot, { ...absent, value: 5n }))
      .toEqual({ ok: false, reason: expect.stringMatching(/slot is empty/) });
    // through the account proof, the failing entry is named
    const r = verifyAccountProof(stateRoot, { ...proof, storageProof: [proof.storageProof[0]!, { ...slot1, value: 2n }] });
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/^storageProof\[1\] \(key 0x0{63}1\): Storage value mismatch/) });
  });

  test('short storage keys are left-padded to 32 bytes', async () => {
    const proof = await contractProof();
    expect(verifyStorageProof(storageRoot, { ...proof.storageProof[3]!, key: '0x7' })).toEqual({ ok: true, existence: 'present' });
  });
});

describe('a real go-quai proof (public docs example)', () => {
  test('is a valid proof of absence for the zero-balance account, and refutes a claimed balance', async () => {
    const { PROOF_EXAMPLE } = await import('./colosseum.fixture');
    const root = keccak256(PROOF_EXAMPLE.accountProof[0]);
    expect(verifyAccountProof(root, PROOF_EXAMPLE)).toEqual({ ok: true, existence: 'absent' });
    expect(verifyAccountProof(root, { ...PROOF_EXAMPLE, balance: 1851851851851851n }))
      .toEqual({ ok: false, reason: expect.stringMatching(/does not exist/) });
  });
});
