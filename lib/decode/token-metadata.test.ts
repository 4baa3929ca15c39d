import { describe, expect, it } from 'vitest';
import { encodeAbiParameters, padHex, stringToHex } from 'viem';
import { balanceOfCall, balanceOfIdCall, readTokenDecimals, readTokenString, readTokenUint } from './token-metadata';

describe('reading token answers', () => {
  it('a string as an ABI string or as a bytes32 (early tokens), control characters dropped', () => {
    expect(readTokenString(encodeAbiParameters([{ type: 'string' }], ['Strata Dev Token']))).toBe('Strata Dev Token');
    expect(readTokenString(padHex(stringToHex('MKR'), { size: 32, dir: 'right' }))).toBe('MKR');
    expect(readTokenString(encodeAbiParameters([{ type: 'string' }], ['A\u0000B\u0007']))).toBe('AB');
  });

  it('unreadable answers are null: empty, truncated, empty string', () => {
    expect(readTokenString('0x')).toBeNull();
    expect(readTokenString('0x1234')).toBeNull();
    expect(readTokenString(encodeAbiParameters([{ type: 'string' }], ['']))).toBeNull();
  });

  it('decimals up to 255 in one word; anything else null', () => {
    expect(readTokenDecimals(padHex('0x12', { size: 32 }))).toBe(18);
    expect(readTokenDecimals(padHex('0x0100', { size: 32 }))).toBeNull();
    expect(readTokenDecimals('0x')).toBeNull();
    expect(readTokenUint(padHex('0x05', { size: 32 }))).toBe(5n);
    expect(readTokenUint('0x05')).toBeNull();
  });
});

describe('balanceOf calldata', () => {
  const owner = '0x00aa0000000000000000000000000000000000ff';
  it('encodes balanceOf(address) with selector 0x70a08231 and the owner left-padded', () => {
    expect(balanceOfCall(owner)).toBe(`0x70a08231${'0'.repeat(24)}00aa0000000000000000000000000000000000ff`);
  });
  it('encodes ERC-1155 balanceOf(address,uint256) with selector 0x00fdd58e', () => {
    expect(balanceOfIdCall(owner, 7n)).toBe(`0x00fdd58e${'0'.repeat(24)}00aa0000000000000000000000000000000000ff${'0'.repeat(63)}7`);
  });
});
