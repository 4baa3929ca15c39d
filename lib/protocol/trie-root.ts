/**
 * List roots ("DeriveSha"): the root of a Merkle-Patricia trie whose keys are rlp(index) and whose
 * values are the items' encodings. go-quai uses it for transactionsRoot, receiptsRoot, the ETX
 * roots and manifestHash (core/types/hashing.go DeriveSha; BlockManifest.EncodeIndex rlp-encodes
 * each hash, hence manifestRoot below).
 *
 * Built synchronously here (a list trie is small and built whole, so no database is needed): the
 * devnet composes, seals and appends a header within one turn of the event loop, so it needs the
 * roots synchronously. `listRoot`/`manifestRoot` are the same roots behind the async API.
 *
 * Checked against: the Ethereum constants (empty trie root = keccak256(rlp("")), empty uncle
 * hash = keccak256(rlp([]))) recomputed in the test, and tries built with @ethereumjs/mpt using
 * keys encoded by an independent RLP library, for lists around the rlp(index) boundaries and with
 * inline (short) nodes (trie-root.test.ts).
 */
import { bytesToHex, keccak256, toRlp, type Hex } from 'viem';
import { uintToRlpBytes } from './rlp-fields';

/** keccak256(rlp("")) = keccak256(0x80): the root of an empty trie. */
export const EMPTY_TRIE_ROOT: Hex = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';
/** keccak256(rlp([])) = keccak256(0xc0): sha3Uncles of a block without uncles. */
export const EMPTY_UNCLE_HASH: Hex = '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347';

type Node = Hex | readonly Node[];

function nibbles(hex: Hex): number[] {
  return [...hex.slice(2)].map((c) => parseInt(c, 16));
}

function hexPrefix(path: readonly number[], leaf: boolean): Hex {
  const flag = (leaf ? 2 : 0) + (path.length % 2);
  const all = path.length % 2 ? [flag, ...path] : [flag, 0, ...path];
  return `0x${all.map((n) => n.toString(16)).join('')}`;
}

/** How a parent refers to a child: inline when its encoding is under 32 bytes, else by hash. */
function ref(node: Node): Node {
  const encoded = toRlp(node as Hex);
  return (encoded.length - 2) / 2 < 32 ? node : keccak256(encoded);
}

interface Entry {
  readonly key: number[];
  readonly value: Hex;
}

function build(entries: readonly Entry[], depth: number): Node {
  if (entries.length === 1) {
    const only = entries[0]!;
    return [hexPrefix(only.key.slice(depth), true), only.value];
  }
  // Longest common prefix below depth.
  let shared = 0;
  for (;;) {
    const nibble = entries[0]!.key[depth + shared];
    if (nibble === undefined || !entries.every((e) => e.key[depth + shared] === nibble)) break;
    shared++;
  }
  if (shared > 0) {
    return [hexPrefix(entries[0]!.key.slice(depth, depth + shared), false), ref(build(entries, depth + shared))];
  }
  const branch: Node[] = [];
  let value: Hex = '0x';
  for (let n = 0; n < 16; n++) {
    const group = entries.filter((e) => e.key[depth] === n);
    branch.push(group.length === 0 ? '0x' : ref(build(group, depth + 1)));
  }
  const ending = entries.find((e) => e.key.length === depth);
  if (ending) value = ending.value;
  branch.push(value);
  return branch;
}

/** Trie root of items keyed by rlp(index). Items are the already-encoded values (raw typed tx, receipt encoding...). */
export function listRootSync(items: readonly Uint8Array[] | readonly Hex[]): Hex {
  if (items.length === 0) return EMPTY_TRIE_ROOT;
  const entries = items.map((item, i) => {
    const value = typeof item === 'string' ? item : bytesToHex(item);
    // No protocol list has empty items (a trie would read one as a deletion), so refuse it.
    if (value === '0x') throw new RangeError(`listRoot: item ${i} is empty`);
    return { key: nibbles(toRlp(uintToRlpBytes(BigInt(i)))), value };
  });
  return keccak256(toRlp(build(entries, 0) as Hex));
}

/** listRootSync behind a promise, for callers written against the async API. */
export async function listRoot(items: readonly Uint8Array[] | readonly Hex[]): Promise<Hex> {
  return listRootSync(items);
}

/** manifestHash: the list root of block hashes, each stored as rlp(hash) as go-quai's BlockManifest does. */
export function manifestRootSync(hashes: readonly Hex[]): Hex {
  return listRootSync(hashes.map((h) => toRlp(h)));
}

export async function manifestRoot(hashes: readonly Hex[]): Promise<Hex> {
  return manifestRootSync(hashes);
}
