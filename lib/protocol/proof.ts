/**
 * EIP-1186 account and storage proof verification (quai_getProof, spec 2.7), with a reason that
 * says which check failed: the explorer shows it, so "invalid" alone is not enough.
 *
 * A small Merkle-Patricia proof walker (rather than @ethereumjs/mpt's verifyMerkleProof, which only
 * throws a generic error): from the root, each node must hash (keccak256) to the reference its
 * parent holds; branch nodes are followed by the key's next nibble, extension and leaf nodes by
 * their hex-prefix path. Ends in a value (present) or a proof of absence (an empty branch slot or
 * a diverging path). Account value: rlp([nonce, balance, storageRoot, codeHash]) under
 * keccak256(address); storage value: rlp(value) under keccak256(32-byte key).
 *
 * Checked against: proofs produced by @ethereumjs/mpt's createMerkleProof over a real trie of
 * accounts and storage slots, tampered copies of them, and a real go-quai quai_getProof response
 * from the public docs (a proof of absence) (proof.test.ts).
 */
import { fromRlp, keccak256, padHex, type Address, type Hex } from 'viem';
import { EMPTY_TRIE_ROOT } from './trie-root';
import { expectBytes, expectList, expectUint, type RlpItem } from './rlp-fields';

export interface StorageProofEntry {
  readonly key: Hex;
  readonly value: bigint;
  readonly proof: readonly Hex[];
}

/** The domain shape of a quai_getProof result. */
export interface AccountProof {
  readonly address: Address;
  readonly accountProof: readonly Hex[];
  readonly balance: bigint;
  readonly codeHash: Hex;
  readonly nonce: bigint;
  readonly storageHash: Hex;
  readonly storageProof: readonly StorageProofEntry[];
}

export type ProofResult =
  | { readonly ok: true; readonly existence: 'present' | 'absent' }
  | { readonly ok: false; readonly reason: string };

/** keccak256 of empty code. */
export const EMPTY_CODE_HASH: Hex = '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470';
const ZERO_HASH: Hex = `0x${'00'.repeat(32)}`;

type Walk =
  | { readonly ok: true; readonly value: Hex | null }
  | { readonly ok: false; readonly reason: string };

function nibbles(hex: Hex): number[] {
  return [...hex.slice(2)].map((c) => parseInt(c, 16));
}

/** Hex-prefix (compact) path decoding: returns the nibbles and whether the node is a leaf. */
function decodeCompactPath(encoded: Hex): { path: number[]; leaf: boolean } | undefined {
  const n = nibbles(encoded);
  const flag = n[0];
  if (flag === undefined || flag > 3) return undefined;
  const odd = flag % 2 === 1;
  if (!odd && n[1] !== 0) return undefined;
  return { path: n.slice(odd ? 1 : 2), leaf: flag >= 2 };
}

/** Follows `proof` from `root` along keccak256-hashed `key`; returns the stored value or null. */
function walkProof(root: Hex, key: Hex, proof: readonly Hex[]): Walk {
  const path = nibbles(key);
  if (root.toLowerCase() === EMPTY_TRIE_ROOT) {
    const trivial = proof.length === 0 || (proof.length === 1 && proof[0] === '0x80');
    return trivial ? { ok: true, value: null } : { ok: false, reason: 'The root is the empty trie root, but the proof has nodes' };
  }
  let reference: RlpItem = root; // a 32-byte hash or an inline node
  let used = 0;
  let pos = 0;
  for (let depth = 0; ; depth++) {
    let node: RlpItem;
    if (typeof reference === 'string') {
      const encoded = proof[used];
      if (encoded === undefined) {
        return { ok: false, reason: `The proof ends at depth ${depth}, before reaching the key (a node is missing)` };
      }
      if (keccak256(encoded) !== reference.toLowerCase()) {
        return {
          ok: false,
          reason: depth === 0
            ? `Root node hash mismatch: keccak256(proof[0]) is ${keccak256(encoded)}, the root is ${reference}`
            : `Broken node chain at depth ${depth}: keccak256(proof[${used}]) does not match the hash its parent references`,
        };
      }
      used++;
      try {
        node = fromRlp(encoded, 'hex');
      } catch {
        return { ok: false, reason: `Node at depth ${depth} is not valid RLP` };
      }
    } else {
      node = reference; // embedded node (< 32 bytes), carried inside its parent
    }
    if (typeof node === 'string') return { ok: false, reason: `Node at depth ${depth} is not a list` };

    let next: RlpItem | undefined;
    if (node.length === 17) {
      const nibble = path[pos];
      if (nibble === undefined) return { ok: false, reason: `Key exhausted at a branch node at depth ${depth}` };
      next = node[nibble];
      pos++;
    } else if (node.length === 2) {
      const encodedPath = node[0];
      const compact = typeof encodedPath === 'string' ? decodeCompactPath(encodedPath) : undefined;
      if (!compact) return { ok: false, reason: `Node at depth ${depth} has a malformed path` };
      const matches = compact.path.every((n, i) => path[pos + i] === n);
      if (compact.leaf) {
        const whole = matches && pos + compact.path.length === path.length;
        if (!whole) return finish(null, used, proof.length, depth);
        if (typeof node[1] !== 'string') return { ok: false, reason: `Leaf at depth ${depth} holds a list, not a value` };
        return finish(node[1], used, proof.length, depth);
      }
      if (!matches) return finish(null, used, proof.length, depth);
      pos += compact.path.length;
      next = node[1];
    } else {
      return { ok: false, reason: `Node at depth ${depth} has ${node.length} items (expected 17 or 2)` };
    }

    if (next === undefined || next === '0x') return finish(null, used, proof.length, depth);
    if (typeof next === 'string' && next.length !== 66) {
      return { ok: false, reason: `Node at depth ${depth} references a child of ${(next.length - 2) / 2} bytes (expected a 32-byte hash)` };
    }
    reference = next;
  }
}

function finish(value: Hex | null, used: number, total: number, depth: number): Walk {
  if (used !== total) return { ok: false, reason: `The proof has ${total - used} unused node(s) after depth ${depth}` };
  return { ok: true, value };
}

function describeAccountValue(value: Hex): { nonce: bigint; balance: bigint; storageRoot: Hex; codeHash: Hex } | string {
  try {
    const f = expectList(fromRlp(value, 'hex'), 'account', 4);
    return {
      nonce: expectUint(f[0], 'nonce'), balance: expectUint(f[1], 'balance'),
      storageRoot: expectBytes(f[2], 'storageRoot', 32), codeHash: expectBytes(f[3], 'codeHash', 32),
    };
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Verifies the account proof against `stateRoot` and that the claimed nonce, balance,
 * storageHash and codeHash are what the proven leaf holds (or, for a proof of absence, that the
 * claimed account is empty); then every storage proof against the claimed storageHash.
 */
export function verifyAccountProof(stateRoot: Hex, proof: AccountProof): ProofResult {
  const walk = walkProof(stateRoot, keccak256(proof.address), proof.accountProof);
  if (!walk.ok) return { ok: false, reason: `Account proof: ${walk.reason}` };

  let existence: 'present' | 'absent';
  if (walk.value === null) {
    const emptyHash = (h: Hex) => [EMPTY_TRIE_ROOT, EMPTY_CODE_HASH, ZERO_HASH].includes(h.toLowerCase() as Hex);
    const nonEmpty = [
      proof.nonce !== 0n && `nonce ${proof.nonce}`,
      proof.balance !== 0n && `balance ${proof.balance}`,
      !emptyHash(proof.storageHash) && `storageHash ${proof.storageHash}`,
      !emptyHash(proof.codeHash) && `codeHash ${proof.codeHash}`,
    ].filter((x): x is string => typeof x === 'string');
    if (nonEmpty.length > 0) {
      return { ok: false, reason: `The proof shows the account does not exist, but a non-empty account is claimed (${nonEmpty.join(', ')})` };
    }
    existence = 'absent';
  } else {
    const account = describeAccountValue(walk.value);
    if (typeof account === 'string') return { ok: false, reason: `The proven account value is malformed: ${account}` };
    const diffs: string[] = [];
    if (account.nonce !== proof.nonce) diffs.push(`nonce (proof ${account.nonce}, claimed ${proof.nonce})`);
    if (account.balance !== proof.balance) diffs.push(`balance (proof ${account.balance}, claimed ${proof.balance})`);
    if (account.storageRoot !== proof.storageHash.toLowerCase()) diffs.push(`storageHash (proof ${account.storageRoot}, claimed ${proof.storageHash})`);
    if (account.codeHash !== proof.codeHash.toLowerCase()) diffs.push(`codeHash (proof ${account.codeHash}, claimed ${proof.codeHash})`);
    if (diffs.length > 0) return { ok: false, reason: `Account fields differ from the proof: ${diffs.join('; ')}` };
    existence = 'present';
  }

  for (const [i, entry] of proof.storageProof.entries()) {
    const result = verifyStorageProof(proof.storageHash, entry);
    if (!result.ok) return { ok: false, reason: `storageProof[${i}] (key ${entry.key}): ${result.reason}` };
  }
  return { ok: true, existence };
}

/** Verifies one storage slot's proof against the account's storage root. */
export function verifyStorageProof(storageHash: Hex, entry: StorageProofEntry): ProofResult {
  if (!/^0x[0-9a-fA-F]{0,64}$/.test(entry.key)) return { ok: false, reason: `Storage key ${entry.key} is not hex of at most 32 bytes` };
  // Keys are 32-byte words; some clients send them shorter (0x0), so left-pad like geth does.
  const word = padHex(entry.key.length % 2 === 0 ? entry.key : `0x0${entry.key.slice(2)}`, { size: 32 });
  const root = storageHash.toLowerCase() === ZERO_HASH ? EMPTY_TRIE_ROOT : storageHash;
  const walk = walkProof(root, keccak256(word), entry.proof);
  if (!walk.ok) return { ok: false, reason: walk.reason };
  if (walk.value === null) {
    return entry.value === 0n
      ? { ok: true, existence: 'absent' }
      : { ok: false, reason: `Storage value mismatch: the proof shows the slot is empty (0), claimed ${entry.value}` };
  }
  let proven: bigint;
  try {
    proven = expectUint(fromRlp(walk.value, 'hex'), 'storage value');
  } catch (error) {
    return { ok: false, reason: `The proven storage value is malformed: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (proven !== entry.value) return { ok: false, reason: `Storage value mismatch: proof ${proven}, claimed ${entry.value}` };
  return { ok: true, existence: 'present' };
}
