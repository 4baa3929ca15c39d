import { describe, expect, test } from 'vitest';
import { followChain, KEEP, type BlockLink, type ChainCursor } from './follow-chain';

/** A chain of blocks from `from` to `to` on branch `branch` (hashes differ by branch from `forkAt` up). */
function chain(from: number, to: number, branch = 'a', forkAt = 0): BlockLink[] {
  const hash = (n: number) => (n >= forkAt && branch !== 'a' ? `${branch}${n}` : `a${n}`);
  const out: BlockLink[] = [];
  for (let n = to; n >= from; n--) out.push({ height: BigInt(n), hash: hash(n), parentHash: hash(n - 1) });
  return out; // newest first, as a read hands them
}
const heights = (blocks: readonly BlockLink[]) => blocks.map((b) => Number(b.height));
const cursorOf = (from: number, to: number, branch = 'a', forkAt = 0): ChainCursor => ({
  announced: chain(from, to, branch, forkAt).reverse().map((b) => ({ n: b.height.toString(), h: b.hash })),
});

describe('followChain', () => {
  test('the first read is the start: its blocks, oldest first', () => {
    const step = followChain(undefined, chain(5, 8), 32);
    expect(step.kind).toBe('announce');
    if (step.kind === 'announce') expect(heights(step.blocks)).toEqual([5, 6, 7, 8]);
  });

  test('announces only what is new, in order, and nothing when the head did not move', () => {
    const step = followChain(cursorOf(1, 8), chain(6, 10), 32);
    expect(step.kind === 'announce' && heights(step.blocks)).toEqual([9, 10]);
    const still = followChain(cursorOf(1, 10), chain(6, 10), 32);
    expect(still.kind === 'announce' && still.blocks.length).toBe(0);
  });

  test('asks for the heights between when the read does not reach the last block announced', () => {
    const step = followChain(cursorOf(1, 8), chain(12, 14), 32);
    expect(step).toEqual({ kind: 'fetch', from: 8n, to: 11n });
    const next = followChain(cursorOf(1, 8), chain(8, 14), 32);
    expect(next.kind === 'announce' && heights(next.blocks)).toEqual([9, 10, 11, 12, 13, 14]);
  });

  test('a reorg: the blocks removed, newest first, the common ancestor, then the new branch', () => {
    const step = followChain(cursorOf(1, 10), chain(5, 11, 'b', 9), 32);
    expect(step.kind).toBe('announce');
    if (step.kind !== 'announce') return;
    expect(step.reorg?.ancestor).toEqual({ n: '8', h: 'a8' });
    expect(step.reorg?.removed.map((r) => r.n)).toEqual(['10', '9']);
    expect(step.blocks.map((b) => b.hash)).toEqual(['b9', 'b10', 'b11']);
    expect(step.cursor.announced.slice(-3).map((a) => a.h)).toEqual(['b9', 'b10', 'b11']);
  });

  test('a head that went back is a reorg with nothing new', () => {
    const step = followChain(cursorOf(1, 10), chain(4, 8), 32);
    expect(step.kind === 'announce' && step.reorg?.removed.map((r) => r.n)).toEqual(['10', '9']);
  });

  test('too far behind to fetch: a gap, then the read as a new start', () => {
    const step = followChain(cursorOf(1, 8), chain(100, 102), 32);
    expect(step.kind).toBe('gap');
    if (step.kind === 'gap') {
      expect([step.fromNumber, step.toNumber]).toEqual([9n, 99n]);
      expect(heights(step.blocks)).toEqual([100, 101, 102]);
    }
  });

  test('a reorg deeper than the cursor remembers is a gap over what it announced', () => {
    const announced = cursorOf(100, 100 + KEEP - 1);
    const step = followChain(announced, chain(90, 200, 'b', 95), 500);
    expect(step.kind).toBe('gap');
    if (step.kind === 'gap') expect([step.fromNumber, step.toNumber]).toEqual([100n, BigInt(100 + KEEP - 1)]);
  });

  test('the cursor keeps the last KEEP blocks', () => {
    const step = followChain(cursorOf(1, 10), chain(10, 200), 500);
    expect(step.kind === 'announce' && step.cursor.announced.length).toBe(KEEP);
  });
});
