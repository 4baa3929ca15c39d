import { describe, expect, it } from 'vitest';
import { encodeAbiParameters, keccak256, parseAbi, toBytes, type AbiFunction, type Hex } from 'viem';
import { callableFunctions, decodeCallResult, encodeCall, functionId, parseCalldata } from './contract-call';

const abi = parseAbi([
  'function transfer(address to, uint256 amount) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
  'function name() view returns (string)',
  'function pair() view returns (uint8 a, bool b)',
  'function sum(uint256[] xs) pure returns (uint256)',
  'function flag(bool on)',
]);
const fn = (sig: string): AbiFunction => {
  const found = callableFunctions(abi).find((f) => functionId(f) === sig);
  if (!found) throw new Error(sig);
  return found;
};
const selector = (sig: string) => keccak256(toBytes(sig)).slice(0, 10);

describe('callableFunctions', () => {
  it('lists read-only functions first', () => {
    const ids = callableFunctions(abi).map(functionId);
    expect(ids.slice(0, 4)).toEqual(['balanceOf(address)', 'name()', 'pair()', 'sum(uint256[])']);
    expect(ids).toContain('transfer(address,uint256)');
  });
});

describe('encodeCall', () => {
  it('encodes selector and arguments as the ABI spec lays them out', () => {
    // Its EIP-55 checksum (mixed case), as wallets and explorers print it.
    const owner = '0x00000000000000000000000000000000000000AA';
    const r = encodeCall(fn('balanceOf(address)'), [owner]);
    // Independent reference: keccak of the signature, then one left-padded 32-byte word.
    expect(r).toEqual({ ok: true, value: `${selector('balanceOf(address)')}${'0'.repeat(62)}aa` });
    // Mixed case that is not the checksum is a typo until shown otherwise.
    expect(encodeCall(fn('balanceOf(address)'), ['0x00000000000000000000000000000000000000Aa'])).toMatchObject({ ok: false, error: expect.stringContaining('checksum') });
  });

  it('accepts hex integers and JSON arrays', () => {
    const r = encodeCall(fn('sum(uint256[])'), ['["1", "0x2", 3]']);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.slice(10)).toBe(encodeAbiParameters([{ type: 'uint256[]' }], [[1n, 2n, 3n]]).slice(2));
  });

  it('refuses bad arguments with a message naming the argument', () => {
    const bad = encodeCall(fn('transfer(address,uint256)'), ['0x12', '5']);
    expect(bad).toMatchObject({ ok: false });
    if (!bad.ok) expect(bad.error).toContain('to');
    const nan = encodeCall(fn('transfer(address,uint256)'), ['0x00000000000000000000000000000000000000aa', 'lots']);
    if (!nan.ok) expect(nan.error).toContain('amount');
    expect(nan.ok).toBe(false);
    expect(encodeCall(fn('flag(bool)'), ['maybe']).ok).toBe(false);
    expect(encodeCall(fn('sum(uint256[])'), ['1,2']).ok).toBe(false);
    expect(encodeCall(fn('name()'), ['extra']).ok).toBe(false);
  });
});

describe('decodeCallResult', () => {
  it('decodes a single output', () => {
    const data = encodeAbiParameters([{ type: 'uint256' }], [10n ** 24n]);
    expect(decodeCallResult(fn('balanceOf(address)'), data)).toEqual({
      ok: true, value: [{ name: 'output0', type: 'uint256', value: '1000000000000000000000000' }],
    });
    const str = encodeAbiParameters([{ type: 'string' }], ['Strata Token']);
    expect(decodeCallResult(fn('name()'), str)).toMatchObject({ ok: true, value: [{ value: 'Strata Token' }] });
  });

  it('decodes several named outputs', () => {
    const data = encodeAbiParameters([{ type: 'uint8' }, { type: 'bool' }], [7, true]);
    expect(decodeCallResult(fn('pair()'), data)).toEqual({
      ok: true, value: [{ name: 'a', type: 'uint8', value: '7' }, { name: 'b', type: 'bool', value: 'true' }],
    });
  });

  it('explains empty and undecodable results', () => {
    const empty = decodeCallResult(fn('name()'), '0x');
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(empty.error).toContain('no data');
    expect(decodeCallResult(fn('name()'), '0x01' as Hex).ok).toBe(false);
  });
});

describe('parseCalldata', () => {
  it('normalises and validates', () => {
    expect(parseCalldata(' 0xABcd ')).toEqual({ ok: true, value: '0xabcd' });
    expect(parseCalldata('abcd')).toEqual({ ok: true, value: '0xabcd' });
    expect(parseCalldata('')).toEqual({ ok: true, value: '0x' });
    expect(parseCalldata('0xabc').ok).toBe(false);
    expect(parseCalldata('0xzz').ok).toBe(false);
  });
});
