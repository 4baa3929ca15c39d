import { describe, expect, test } from 'vitest';
import { hexToBytes, toRlp, type Hex } from 'viem';
import { decodeRlpTree, type RlpTreeNode } from './rlp-tree';
import { encodeBlockRlp } from './header';
import { sampleHeader } from './header.fixture';

/** Strips offsets to compare with the structure that was encoded. */
type Plain = Hex | Plain[];
function plain(node: RlpTreeNode): Plain {
  return node.kind === 'bytes' ? node.hex : node.items.map(plain);
}

describe('decodeRlpTree', () => {
  test('mirrors nested structures encoded by viem, including long strings and long lists', () => {
    const long: Hex = `0x${'ab'.repeat(60)}`; // > 55 bytes: long-string prefix 0xb8
    const value: Plain = ['0x', '0x01', '0x7f', '0x80', long, [['0x1234'], []], Array.from({ length: 30 }, () => '0xffff' as Hex)];
    const encoded = toRlp(value as Hex[]);
    expect(plain(decodeRlpTree(encoded))).toEqual(value);
    expect(plain(decodeRlpTree(encoded.slice(2)))).toEqual(value);
  });

  test('offsets point at each item\'s prefix byte', () => {
    const encoded = toRlp(['0x01', '0x8899', ['0x'], `0x${'cd'.repeat(56)}`]);
    const bytes = hexToBytes(encoded);
    const tree = decodeRlpTree(encoded);
    if (tree.kind !== 'list') throw new Error('list expected');
    expect(tree.offset).toBe(0);
    const [a, b, c, d] = tree.items;
    expect(a).toMatchObject({ offset: 2, headerLength: 0, length: 1 }); // list prefix is f8 xx (2 bytes)
    expect(b).toMatchObject({ offset: 3, headerLength: 1, length: 2 });
    expect(bytes[b!.offset]).toBe(0x82);
    expect(c).toMatchObject({ kind: 'list', offset: 6, length: 1 });
    expect(d).toMatchObject({ offset: 8, headerLength: 2, length: 56 });
    expect(bytes[d!.offset]).toBe(0xb8);
    expect(d!.offset + d!.headerLength + d!.length).toBe(bytes.length);
  });

  test('a whole block decodes into [header(21), txs, uncles, etxs, subManifest]', () => {
    const tree = decodeRlpTree(encodeBlockRlp({ header: sampleHeader(), transactions: [], uncles: [], extTransactions: [], subManifest: [] }));
    expect(tree.kind === 'list' && tree.items.length).toBe(5);
    const header = tree.kind === 'list' ? tree.items[0] : undefined;
    expect(header?.kind === 'list' && header.items.length).toBe(21);
  });

  test('truncated, trailing and empty input are errors', () => {
    expect(() => decodeRlpTree('0x83abcd')).toThrow(/declares 3 bytes/);
    expect(() => decodeRlpTree('0xc281')).toThrow(/offset 0 declares 2 bytes but only 1 remain/);
    // an item may not run past the end of its enclosing list, even if the input goes on
    expect(() => decodeRlpTree('0xc1820102')).toThrow(/offset 1 declares 2 bytes but only 0 remain/);
    expect(() => decodeRlpTree('0x0102')).toThrow(/trailing/);
    expect(() => decodeRlpTree('0x')).toThrow(/Empty/);
    expect(() => decodeRlpTree('0xb9')).toThrow(/past the end/);
  });
});
