import { keccak256, toHex, toRlp, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { EMPTY_TRIE_ROOT, listRoot, manifestRoot } from '@/lib/protocol/trie-root';
import { listRootSync, manifestRootSync } from './list-root';

const hashes = (n: number): Hex[] => Array.from({ length: n }, (_, i) => keccak256(toHex(i)));

describe('listRootSync', () => {
  it('is the empty trie root for no items', () => {
    expect(listRootSync([])).toBe(EMPTY_TRIE_ROOT);
  });

  it('agrees with the mpt-based listRoot for short and long item lists', async () => {
    // Sizes around the rlp(index) boundaries (1 byte below 128, 2 bytes from 128) and inline nodes (tiny items).
    for (const n of [1, 2, 3, 16, 17, 127, 128, 129, 300]) {
      const big = hashes(n).map((h) => toRlp(h));
      expect(listRootSync(big), `n=${n} big`).toBe(await listRoot(big));
      const tiny = Array.from({ length: n }, (_, i) => toHex(i + 1));
      expect(listRootSync(tiny), `n=${n} tiny`).toBe(await listRoot(tiny));
    }
  });

  it('manifestRootSync agrees with manifestRoot', async () => {
    for (const n of [1, 5, 40]) expect(manifestRootSync(hashes(n))).toBe(await manifestRoot(hashes(n)));
  });
});
