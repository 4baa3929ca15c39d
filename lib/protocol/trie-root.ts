/**
 * List roots ("DeriveSha"): the root of a Merkle-Patricia trie whose keys are rlp(index) and whose
 * values are the items' encodings. go-quai uses it for transactionsRoot, receiptsRoot, the ETX
 * roots and manifestHash (core/types/hashing.go DeriveSha; BlockManifest.EncodeIndex rlp-encodes
 * each hash, hence manifestRoot below).
 *
 * Built on @ethereumjs/mpt (no key hashing, keccak256 node hashing), which is async.
 *
 * Checked against: the Ethereum constants (empty trie root = keccak256(rlp("")), empty uncle
 * hash = keccak256(rlp([]))) recomputed in the test, and a trie built by hand with
 * @ethereumjs/mpt using keys encoded by an independent RLP library (trie-root.test.ts).
 */
import { createMPT } from '@ethereumjs/mpt';
import { bytesToHex, hexToBytes, toRlp, type Hex } from 'viem';
import { uintToRlpBytes } from './rlp-fields';

/** keccak256(rlp("")) = keccak256(0x80): the root of an empty trie. */
export const EMPTY_TRIE_ROOT: Hex = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';
/** keccak256(rlp([])) = keccak256(0xc0): sha3Uncles of a block without uncles. */
export const EMPTY_UNCLE_HASH: Hex = '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347';

/** Trie root of items keyed by rlp(index). Items are the already-encoded values (raw typed tx, receipt encoding...). */
export async function listRoot(items: readonly Uint8Array[] | readonly Hex[]): Promise<Hex> {
  if (items.length === 0) return EMPTY_TRIE_ROOT;
  const trie = await createMPT();
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    // mpt treats an empty value as a deletion; no protocol list has empty items, so refuse it.
    if (item.length === 0 || item === '0x') throw new RangeError(`listRoot: item ${i} is empty`);
    const key = hexToBytes(toRlp(uintToRlpBytes(BigInt(i))));
    await trie.put(key, typeof item === 'string' ? hexToBytes(item) : item);
  }
  return bytesToHex(trie.root());
}

/** manifestHash: the list root of block hashes, each stored as rlp(hash) as go-quai's BlockManifest does. */
export function manifestRoot(hashes: readonly Hex[]): Promise<Hex> {
  return listRoot(hashes.map((h) => toRlp(h)));
}
