import { describe, expect, test } from 'vitest';
import type { Block, Hash } from '@/lib/rpc/domain';
import { RecentBlocks } from './recent-blocks';

/** A zone block of height `n` on branch `branch`, whose parent is `parent`'s block of n - 1. */
function block(n: number, branch: string, parentBranch = branch): Block<'full'> {
  const hash = (b: string, h: number) => `0x${b.padStart(2, '0')}${h.toString(16).padStart(62, '0')}` as Hash;
  return {
    number: [0n, 0n, BigInt(n)],
    hash: hash(branch, n),
    parentHash: [hash('ff', 0), hash('ff', 0), hash(parentBranch, n - 1)],
  } as unknown as Block<'full'>;
}

describe('RecentBlocks', () => {
  test('guesses the heights after the newest head, none before a head is seen', () => {
    const recent = new RecentBlocks(2);
    expect(recent.guesses(2)).toEqual([]);
    recent.rememberHead(block(10, 'a'), 0n);
    expect(recent.guesses(2)).toEqual([11n, 12n]);
  });

  test('hands back only blocks that link to the head by parent hashes', () => {
    const recent = new RecentBlocks(2);
    for (let n = 1; n <= 9; n++) recent.remember(block(n, 'a'));
    expect([...recent.linkedBelow(block(10, 'a'), 5n).keys()]).toEqual([9n, 8n, 7n, 6n, 5n]);
    // A gap stops the walk: below it, nothing is known to be on the head's chain.
    const gapped = new RecentBlocks(2);
    for (const n of [9, 8, 6, 5]) gapped.remember(block(n, 'a'));
    expect([...gapped.linkedBelow(block(10, 'a'), 5n).keys()]).toEqual([9n, 8n]);
  });

  test('after a reorg, the blocks of the old branch are not used', () => {
    const recent = new RecentBlocks(2);
    for (let n = 1; n <= 9; n++) recent.remember(block(n, 'a'));
    // The new head's branch b forked from a at height 7: b8, b9, b10.
    const head = block(10, 'b');
    expect(recent.linkedBelow(head, 5n).size).toBe(0);
    recent.remember(block(9, 'b'));
    recent.remember(block(8, 'b', 'a'));
    expect([...recent.linkedBelow(head, 5n).keys()]).toEqual([9n, 8n, 7n, 6n, 5n]);
  });

  test('forgets what lies below the height it is told to keep', () => {
    const recent = new RecentBlocks(2);
    for (let n = 1; n <= 9; n++) recent.remember(block(n, 'a'));
    recent.rememberHead(block(10, 'a'), 7n);
    expect([...recent.linkedBelow(block(11, 'a'), 0n).keys()]).toEqual([10n, 9n, 8n, 7n]);
  });
});
