import { getAddress, parseAbiParameter, type AbiParameter } from 'viem';
import { describe, expect, it } from 'vitest';
import { integerRange, parseAbiInput } from './abi-input';

const p = (text: string): AbiParameter => parseAbiParameter(text) as AbiParameter;
const ok = (param: string, text: string) => parseAbiInput(p(param), text, 0);
const error = (param: string, text: string): string => {
  const r = ok(param, text);
  if (r.ok) throw new Error(`accepted ${text} for ${param}`);
  return r.error;
};

describe('parseAbiInput', () => {
  it('integers: decimal or hex, held to the range of their width', () => {
    expect(ok('uint8 n', '255')).toEqual({ ok: true, value: 255n });
    expect(ok('uint256 n', '0xff')).toEqual({ ok: true, value: 255n });
    expect(ok('int8 n', '-128')).toEqual({ ok: true, value: -128n });
    expect(error('uint8 amount', '256')).toBe('amount must be from 0 to 255 for uint8; 256 is out of range.');
    expect(error('uint256 amount', '-1')).toContain('out of range');
    expect(error('int8 n', '128')).toContain('from -128 to 127');
    expect(error('uint256 amount', '1.5')).toContain('must be a whole number');
    expect(integerRange('uint')).toEqual([0n, 2n ** 256n - 1n]);
  });

  it('addresses: 20 bytes; mixed case must be the checksum', () => {
    const lower = '0x0a00000000000000000000000000000000000001';
    expect(ok('address to', lower)).toEqual({ ok: true, value: lower });
    expect(ok('address to', getAddress(lower))).toMatchObject({ ok: true });
    expect(error('address to', '0x0a0000000000000000000000000000000000001')).toContain('0x and 40 hex digits');
    const wrongCase = `0x0A${lower.slice(4)}`;
    expect(wrongCase === getAddress(lower)).toBe(false);
    expect(error('address to', wrongCase)).toContain('checksum');
  });

  it('bytes: whole bytes, bytesN exactly N', () => {
    expect(ok('bytes4 id', '0x01ffc9a7')).toEqual({ ok: true, value: '0x01ffc9a7' });
    expect(error('bytes4 id', '0x01ff')).toBe('id must be exactly 4 bytes (8 hex digits) for bytes4; it has 2.');
    expect(error('bytes data', '0x123')).toContain('whole bytes');
    expect(ok('bytes data', '0x')).toEqual({ ok: true, value: '0x' });
  });

  it('arrays and tuples as JSON: fixed lengths, field counts and each item checked', () => {
    expect(ok('uint8[] xs', '["1", 2]')).toEqual({ ok: true, value: [1n, 2n] });
    expect(error('uint8[2] xs', '["1"]')).toBe('xs must have exactly 2 items (uint8[2]); it has 1.');
    expect(error('uint8[] xs', '["1", "300"]')).toContain('xs[1] must be from 0 to 255');
    expect(error('uint8[] xs', '1,2')).toContain('must be JSON');
    const tuple = p('(address who, uint16 n) pair');
    expect(parseAbiInput(tuple, '{"who":"0x0a00000000000000000000000000000000000001","n":"7"}', 0)).toEqual({
      ok: true, value: { who: '0x0a00000000000000000000000000000000000001', n: 7n },
    });
    expect(parseAbiInput(tuple, '["0x0a00000000000000000000000000000000000001"]', 0)).toMatchObject({ ok: false, error: 'pair must have 2 fields; it has 1.' });
    expect(parseAbiInput(tuple, '["0x0a00000000000000000000000000000000000001", 70000]', 0)).toMatchObject({ ok: false, error: expect.stringContaining('pair.n must be from 0 to 65535') });
  });

  it('booleans and strings; an unnamed parameter is named by its position', () => {
    expect(ok('bool on', 'true')).toEqual({ ok: true, value: true });
    expect(parseAbiInput({ type: 'bool' }, 'yes', 2)).toEqual({ ok: false, error: 'argument 3 must be true or false; got “yes”.' });
    expect(ok('string reason', '  spaced ')).toEqual({ ok: true, value: '  spaced ' });
  });
});
