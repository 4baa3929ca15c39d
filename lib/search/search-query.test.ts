import { describe, expect, test } from 'vitest';
import { parseSearchQuery } from './search-query';

const HASH = `0x${'ab'.repeat(32)}`;
const ADDRESS = '0x1A2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';

describe('parseSearchQuery', () => {
  test('empty input', () => {
    expect(parseSearchQuery(undefined)).toEqual({ kind: 'empty' });
    expect(parseSearchQuery('   ')).toEqual({ kind: 'empty' });
  });
  test('heights: decimal, grouped, hex quantity', () => {
    expect(parseSearchQuery('12345')).toEqual({ kind: 'height', height: 12345n });
    expect(parseSearchQuery(' 12,345 ')).toEqual({ kind: 'height', height: 12345n });
    expect(parseSearchQuery('0x3039')).toEqual({ kind: 'height', height: 12345n });
    expect(parseSearchQuery('0')).toEqual({ kind: 'height', height: 0n });
  });
  test('a 32-byte hash, with or without 0x, lower-cased', () => {
    expect(parseSearchQuery(HASH.toUpperCase().replace('0X', '0x'))).toEqual({ kind: 'hash', hash: HASH });
    expect(parseSearchQuery(HASH.slice(2))).toEqual({ kind: 'hash', hash: HASH });
  });
  test('an address keeps its case (checksums)', () => {
    expect(parseSearchQuery(ADDRESS)).toEqual({ kind: 'address', address: ADDRESS });
    expect(parseSearchQuery(ADDRESS.slice(2))).toEqual({ kind: 'address', address: ADDRESS });
  });
  test('chain names and labels', () => {
    expect(parseSearchQuery('cyprus1')).toEqual({ kind: 'chain', chain: 'cyprus1' });
    expect(parseSearchQuery('Hydra  3')).toEqual({ kind: 'chain', chain: 'hydra3' });
    expect(parseSearchQuery('PRIME')).toEqual({ kind: 'chain', chain: 'prime' });
  });
  test('garbage says why', () => {
    const wrongLength = parseSearchQuery(`0x${'a'.repeat(50)}`);
    expect(wrongLength.kind).toBe('unknown');
    expect(wrongLength.kind === 'unknown' && wrongLength.reason).toMatch(/50 hex digits/);
    expect(parseSearchQuery('1'.repeat(30)).kind).toBe('unknown');
    expect(parseSearchQuery('x'.repeat(101)).kind).toBe('unknown');
    expect(parseSearchQuery('https://etherscan.io/gastracker').kind).toBe('unknown');
  });
  test('anything else is a name, hex-lettered words too', () => {
    expect(parseSearchQuery(' DevToken ')).toEqual({ kind: 'name', text: 'DevToken' });
    expect(parseSearchQuery('hello world')).toEqual({ kind: 'name', text: 'hello world' });
    expect(parseSearchQuery('Cafe')).toEqual({ kind: 'name', text: 'Cafe' });
  });
  test('another explorer’s link: the entity it shows', () => {
    expect(parseSearchQuery(`https://etherscan.io/tx/${HASH}`)).toEqual({ kind: 'url', url: { host: 'etherscan.io', target: { kind: 'transaction', hash: HASH } } });
    expect(parseSearchQuery(`quaiscan.io/address/${ADDRESS}`)).toEqual({ kind: 'url', url: { host: 'quaiscan.io', target: { kind: 'address', address: ADDRESS } } });
    expect(parseSearchQuery('https://quaiscan.io/block/123?shard=cyprus1')).toEqual({ kind: 'url', url: { host: 'quaiscan.io', target: { kind: 'block', id: '123' } } });
  });
});
