import { describe, expect, test } from 'vitest';
import {
  isAddress, isData, isHash, isQuantity, normalizeHex, quantityToBigInt, toQuantity,
} from './hex';

describe('isQuantity', () => {
  test('accepts canonical quantities', () => {
    for (const q of ['0x0', '0x1', '0x41', '0x400', '0xABCdef', '0x1000000000000000000000']) {
      expect(isQuantity(q), q).toBe(true);
    }
  });
  test('rejects leading zeros, empty, missing prefix, non-hex, non-strings', () => {
    for (const q of ['0x', '0x00', '0x0400', '0x01', '400', '0X1', '0xg', '0x 1', '', ' 0x1', '-0x1']) {
      expect(isQuantity(q), q).toBe(false);
    }
    expect(isQuantity(1)).toBe(false);
    expect(isQuantity(null)).toBe(false);
  });
});

describe('isData', () => {
  test('even digits, any length, 0x is empty data', () => {
    expect(isData('0x')).toBe(true);
    expect(isData('0x00')).toBe(true);
    expect(isData('0x0')).toBe(false);
    expect(isData('0x123')).toBe(false);
    expect(isData('004f')).toBe(false);
    expect(isData('0xzz')).toBe(false);
  });
  test('exact byte length', () => {
    expect(isData('0x0000000000000000', 8)).toBe(true);
    expect(isData('0x00000000000000', 8)).toBe(false);
    expect(isData('0x', 0)).toBe(true);
  });
  test('hashes and addresses', () => {
    const h = `0x${'ab'.repeat(32)}`;
    expect(isHash(h)).toBe(true);
    expect(isHash(h.slice(0, -2))).toBe(false);
    expect(isAddress(`0x${'Ab'.repeat(20)}`)).toBe(true);
    expect(isAddress(`0x${'ab'.repeat(21)}`)).toBe(false);
    expect(isAddress(h)).toBe(false);
  });
});

describe('conversions', () => {
  test('quantityToBigInt is strict', () => {
    expect(quantityToBigInt('0x0')).toBe(0n);
    expect(quantityToBigInt('0xff')).toBe(255n);
    expect(quantityToBigInt('0x1' + '0'.repeat(64))).toBe(2n ** 256n);
    expect(() => quantityToBigInt('0x00')).toThrow(/Quantity/);
    expect(() => quantityToBigInt('12')).toThrow(/Quantity/);
  });
  test('toQuantity', () => {
    expect(toQuantity(0)).toBe('0x0');
    expect(toQuantity(0n)).toBe('0x0');
    expect(toQuantity(1024)).toBe('0x400');
    expect(toQuantity(2n ** 64n)).toBe('0x10000000000000000');
    expect(() => toQuantity(-1)).toThrow(RangeError);
    expect(() => toQuantity(1.5)).toThrow(RangeError);
  });
  test('round trip', () => {
    for (const n of [0n, 1n, 15n, 16n, 255n, 256n, 2n ** 200n + 7n]) {
      const q = toQuantity(n);
      expect(isQuantity(q)).toBe(true);
      expect(quantityToBigInt(q)).toBe(n);
    }
  });
  test('normalizeHex adds the prefix and lower-cases', () => {
    expect(normalizeHex('ABcd')).toBe('0xabcd');
    expect(normalizeHex('0xABcd')).toBe('0xabcd');
    expect(normalizeHex('')).toBe('0x');
    expect(() => normalizeHex('abc')).toThrow();
  });
});
