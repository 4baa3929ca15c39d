import { describe, expect, test } from 'vitest';
import { createMPT } from '@ethereumjs/mpt';
import { RLP } from '@ethereumjs/rlp';
import { bytesToHex, hexToBytes, keccak256, toHex, toRlp, type Hex } from 'viem';
import { EMPTY_TRIE_ROOT, EMPTY_UNCLE_HASH, listRoot, listRootSync, manifestRoot, manifestRootSync } from './trie-root';

// Reference: a trie filled by hand, keys rlp(index) encoded by @ethereumjs/rlp (not viem).
async function byHand(values: Uint8Array[]): Promise<Hex> {
  const trie = await createMPT();
  for (const [i, v] of values.entries()) await trie.put(RLP.encode(i), v);
  return bytesToHex(trie.root());
}

const item = (i: number): Uint8Array => hexToBytes(keccak256(new Uint8Array([i & 0xff, i >> 8])));

describe('constants', () => {
  test('are keccak256 of rlp("") and rlp([])', () => {
    expect(keccak256('0x80')).toBe(EMPTY_TRIE_ROOT);
    expect(keccak256('0xc0')).toBe(EMPTY_UNCLE_HASH);
    expect(EMPTY_TRIE_ROOT.startsWith('0x56e81f')).toBe(true);
    expect(EMPTY_UNCLE_HASH.startsWith('0x1dcc4de8')).toBe(true);
  });
  test('an empty list has the empty root, and so does an empty mpt', async () => {
    expect(await listRoot([])).toBe(EMPTY_TRIE_ROOT);
    expect(await byHand([])).toBe(EMPTY_TRIE_ROOT);
  });
});

describe('listRoot', () => {
  test('matches a hand-built trie for 1, 2, 16, 17, 128 and 130 items (keys 0x80, 0x01..0x7f, 0x8180...)', async () => {
    for (const n of [1, 2, 16, 17, 128, 130]) {
      const values = Array.from({ length: n }, (_, i) => item(i));
      expect(await listRoot(values), `n=${n}`).toBe(await byHand(values));
    }
  });
  test('Hex and Uint8Array input agree; short items (embedded nodes) too', async () => {
    const short = [hexToBytes('0x01'), hexToBytes('0x0203'), hexToBytes('0xc0')];
    expect(await listRoot(short.map((b) => bytesToHex(b)))).toBe(await byHand(short));
    expect(await listRoot(short)).toBe(await byHand(short));
  });
  test('order matters', async () => {
    const values = [item(1), item(2), item(3)];
    expect(await listRoot(values)).not.toBe(await listRoot([...values].reverse()));
  });
  test('empty items are refused', async () => {
    await expect(listRoot(['0x01', '0x'])).rejects.toThrow(/item 1 is empty/);
  });
});

describe('manifestRoot', () => {
  test('stores rlp(hash) per entry', async () => {
    const hashes: Hex[] = [keccak256('0x01'), keccak256('0x02')];
    const expected = await byHand(hashes.map((h) => RLP.encode(hexToBytes(h))));
    expect(await manifestRoot(hashes)).toBe(expected);
    expect(await manifestRoot(hashes)).not.toBe(await listRoot(hashes));
    expect(toRlp(hashes[0]!).startsWith('0xa0')).toBe(true);
    expect(await manifestRoot([])).toBe(EMPTY_TRIE_ROOT);
  });
});

// The devnet's synchronous roots, checked against the hand-filled trie above.
const hashes = (n: number): Hex[] => Array.from({ length: n }, (_, i) => keccak256(toHex(i)));
const mptRoot = (items: readonly Hex[]): Promise<Hex> => byHand(items.map((h) => hexToBytes(h)));

describe('listRootSync', () => {
  test('is the empty trie root for no items', () => {
    expect(listRootSync([])).toBe(EMPTY_TRIE_ROOT);
  });

  test('agrees with @ethereumjs/mpt for short and long item lists', async () => {
    // Sizes around the rlp(index) boundaries (1 byte below 128, 2 bytes from 128) and inline nodes (tiny items).
    for (const n of [1, 2, 3, 16, 17, 127, 128, 129, 300]) {
      const big = hashes(n).map((h) => toRlp(h));
      expect(listRootSync(big), `n=${n} big`).toBe(await mptRoot(big));
      const tiny = Array.from({ length: n }, (_, i) => toHex(i + 1));
      expect(listRootSync(tiny), `n=${n} tiny`).toBe(await mptRoot(tiny));
    }
  });

  test('manifestRootSync agrees with @ethereumjs/mpt over rlp(hash) entries', async () => {
    for (const n of [1, 5, 40]) expect(manifestRootSync(hashes(n))).toBe(await mptRoot(hashes(n).map((h) => toRlp(h))));
  });
});
