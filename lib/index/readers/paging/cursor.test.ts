import { describe, expect, test } from 'vitest';
import { BadCursorError, decodeCursor, encodeCursor } from './page-cursor';
import { transferCursor } from './transfer-cursor';

const token = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('page cursors', () => {
  test('a zone round-trips', () => {
    const key = { blockNumber: 7n, index: 2, chain: 'cyprus1' } as const;
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
    const transfer = { ...key, logIndex: 3, item: 0 };
    expect(transferCursor.decode(transferCursor.encode(transfer))).toEqual(transfer);
  });

  test('a cursor naming prime or a region is refused like any other bad cursor (no rows live there)', () => {
    for (const chain of ['prime', 'cyprus', 'hydra']) {
      expect(() => decodeCursor(token(`h1:7:2:${chain}`)), chain).toThrow(BadCursorError);
      expect(() => transferCursor.decode(token(`t1:7:2:3:0:${chain}`)), chain).toThrow(BadCursorError);
    }
  });
});
