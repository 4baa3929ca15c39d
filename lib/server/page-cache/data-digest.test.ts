import { describe, expect, it } from 'vitest';
import { canonicalText, dataDigest } from './data-digest';

describe('dataDigest', () => {
  it('is the same for the same data in any key order', () => {
    expect(dataDigest({ a: 1n, b: [1, 'x'], c: { d: null } })).toBe(dataDigest({ c: { d: null }, b: [1, 'x'], a: 1n }));
  });

  it('tells apart what JSON.stringify confuses', () => {
    const pairs: Array<[unknown, unknown]> = [
      [{ a: undefined }, {}],
      [1n, 1],
      [1n, '1'],
      ['1', 1],
      [[1, 2], [[1, 2]]],
      [new Map([['a', 1n]]), new Map([['a', 2n]])],
      [new Map([['a', 1]]), { a: 1 }],
      [new Set([1]), [1]],
      [new Uint8Array([1, 2]), new Uint8Array([1, 3])],
      [new Date(1), new Date(2)],
      [0, -0],
      [null, undefined],
      [{ a: 'b c' }, { a: 'b', c: undefined }],
      [['a', 'b'], ['a b']],
    ];
    for (const [x, y] of pairs) expect(dataDigest(x), `${canonicalText(x)} vs ${canonicalText(y)}`).not.toBe(dataDigest(y));
  });

  it('follows a change deep inside', () => {
    const page = (balance: bigint) => ({ tab: 'overview', state: { pool: { pending: [{ nonce: 1n }] }, balance: { ok: true, value: balance } } });
    expect(dataDigest(page(10n))).toBe(dataDigest(page(10n)));
    expect(dataDigest(page(10n))).not.toBe(dataDigest(page(11n)));
  });

  it('keeps an error by its name and message', () => {
    expect(dataDigest(new Error('a'))).toBe(dataDigest(new Error('a')));
    expect(dataDigest(new Error('a'))).not.toBe(dataDigest(new Error('b')));
  });

  it('refuses what a page cannot draw, and cycles', () => {
    expect(() => dataDigest({ f: () => 1 })).toThrow(/function/);
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(() => dataDigest(cyclic)).toThrow(/circular/);
    // A value reached twice without a cycle is fine.
    const shared = { x: 1 };
    expect(() => dataDigest({ a: shared, b: shared })).not.toThrow();
  });
});
