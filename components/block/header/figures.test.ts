import { describe, expect, it } from 'vitest';
import { stringToHex } from 'viem';
import { byteLength, entropyBits, gasRatio, printableText } from './figures';

describe('entropyBits', () => {
  it('divides by 2^64 and keeps two truncated decimals', () => {
    expect(entropyBits(0n)).toBe('0.00 bits');
    expect(entropyBits(1n << 64n)).toBe('1.00 bits');
    // 1.5 bits and 1234.25 bits in 64.64 fixed point.
    expect(entropyBits((3n << 64n) / 2n)).toBe('1.50 bits');
    expect(entropyBits((1234n << 64n) + (1n << 62n))).toBe('1,234.25 bits');
    // Just below 2 bits truncates, never rounds up to "2.00".
    expect(entropyBits((2n << 64n) - 1n)).toBe('1.99 bits');
  });
});

describe('gasRatio', () => {
  it('is used/limit in percent with two truncated decimals', () => {
    expect(gasRatio(21_000n, 30_000_000n)).toBe('0.07%');
    expect(gasRatio(15_000_000n, 30_000_000n)).toBe('50.00%');
    expect(gasRatio(2n, 3n)).toBe('66.66%');
    expect(gasRatio(0n, 0n)).toBe('—');
  });
});

describe('printableText', () => {
  it('returns UTF-8 text when every character prints', () => {
    expect(printableText(stringToHex('hello, Quai ⛏'))).toBe('hello, Quai ⛏');
    expect(printableText(stringToHex('line1\nline2'))).toBe('line1\nline2');
  });

  it('refuses binary data, invalid UTF-8 and empty data', () => {
    expect(printableText('0x')).toBeUndefined();
    expect(printableText('0xa9059cbb000000')).toBeUndefined();
    expect(printableText('0xc328')).toBeUndefined(); // invalid UTF-8 sequence
    expect(printableText(stringToHex('a\u0000b'))).toBeUndefined();
  });

  it('counts bytes', () => {
    expect(byteLength('0x')).toBe(0);
    expect(byteLength('0xdeadbeef')).toBe(4);
  });
});
