import { describe, expect, test } from 'vitest';
import { keyset, clampLimit } from './keyset';
import { BadCursorError, cursorCodec, encodeCursor } from './page-cursor';
import { transferCursor } from './transfer-cursor';

const token = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const internal = cursorCodec('i1', ['txIndex', 'seq']);
const KEYS = keyset(internal, { txIndex: 'tx_index', seq: 'seq' });

describe('cursor codecs', () => {
  test('behavior: the bytes each list has always given out', () => {
    expect(encodeCursor({ blockNumber: 7n, index: 2, chain: 'cyprus1' })).toBe(token('h1:7:2:cyprus1'));
    expect(transferCursor.encode({ blockNumber: 7n, index: 2, logIndex: 3, item: 0, chain: 'hydra2' })).toBe(token('t1:7:2:3:0:hydra2'));
    expect(internal.encode({ blockNumber: 12n, txIndex: 1, seq: 4, chain: 'paxos3' })).toBe(token('i1:12:1:4:paxos3'));
  });

  test('args: one list\'s cursor, a wrong count of fields, a too-large block or a non-token are refused', () => {
    const refused = ['h1:7:2:cyprus1', 't1:7:2:3:0:cyprus1', 'i1:7:2:cyprus1', 'i1:7:2:3:4:cyprus1', `i1:${2n ** 63n}:1:1:cyprus1`];
    for (const text of refused) expect(() => internal.decode(token(text)), text).toThrow(BadCursorError);
    expect(() => internal.decode("a'b")).toThrow('cursor is not a token this API gave out');
    expect(internal.decode(token(`i1:${2n ** 63n - 1n}:1:2:cyprus1`))).toEqual({ blockNumber: 2n ** 63n - 1n, txIndex: 1, seq: 2, chain: 'cyprus1' });
  });
});

describe('keyset', () => {
  test('behavior: order and the cursor\'s condition name the key\'s columns, its values after the params given', () => {
    expect(KEYS.order('a')).toBe('a.block_number DESC, a.tx_index DESC, a.seq DESC, a.chain DESC');
    expect(KEYS.order('t', 'ASC')).toBe('t.block_number ASC, t.tx_index ASC, t.seq ASC, t.chain ASC');
    const params: unknown[] = ['addr', 26];
    expect(KEYS.olderThan('a', null, params)).toBe('');
    expect(KEYS.olderThan('a', internal.encode({ blockNumber: 9n, txIndex: 0, seq: 5, chain: 'cyprus2' }), params)).toBe(
      ' AND (a.block_number, a.tx_index, a.seq, a.chain) < ($3, $4, $5, $6)',
    );
    expect(params).toEqual(['addr', 26, 9n, 0, 5, 'cyprus2']);
  });

  test('behavior: limit + 1 rows read is a full page and the last item\'s cursor; fewer is the last page', () => {
    const rows = [3, 2, 1].map((n) => ({ n }));
    const toItem = (row: Readonly<Record<string, unknown>>) => ({ blockNumber: BigInt(row.n as number), txIndex: 0, seq: 0, chain: 'cyprus1' as const, extra: 'x' });
    const full = KEYS.page(rows, 2, toItem);
    expect(full.items.map((i) => i.blockNumber)).toEqual([3n, 2n]);
    expect(full.next).toBe(token('i1:2:0:0:cyprus1'));
    expect(KEYS.page(rows, 3, toItem).next).toBeNull();
    expect(KEYS.page([], 3, toItem)).toEqual({ items: [], next: null });
  });

  test('args: the limit is clamped to 1..100 and truncated', () => {
    expect([0, 1.9, 50, 101, -3].map(clampLimit)).toEqual([1, 1, 50, 100, 1]);
  });
});
