import { describe, expect, test } from 'vitest';
import { withBlock, withoutReorged } from './live-rows';

const row = (number: number, hash = `0x${number}`) => ({ number: String(number), hash });

describe('live rows', () => {
  test('a new block goes on top, a known one is left, one at a listed height replaces it; at most `limit`', () => {
    const rows = [row(9), row(8), row(7)];
    expect(withBlock(rows, row(10), 3).map((r) => r.hash)).toEqual(['0x10', '0x9', '0x8']);
    expect(withBlock(rows, row(9), 3)).toBe(rows);
    expect(withBlock(rows, row(9, '0x9b'), 3).map((r) => r.hash)).toEqual(['0x9b', '0x8', '0x7']);
  });

  test('a reorg takes out what it removed', () => {
    const rows = [row(9), row(8)];
    expect(withoutReorged(rows, { chain: 'cyprus1', ancestor: { number: '8', hash: '0x8' }, removed: [{ number: '9', hash: '0x9' }], seenAt: 0 })).toEqual([row(8)]);
  });
});
