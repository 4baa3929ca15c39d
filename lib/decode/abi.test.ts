import { describe, expect, it } from 'vitest';
import { encodeFunctionData, getAddress, parseAbi } from 'viem';
import { decodeInput, decodeInputWithAbiText, parseAbiText } from './abi';

const ERC20_JSON = JSON.stringify([
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
  { type: 'event', name: 'Transfer', inputs: [] },
]);

const TO = '0x111a8a2ffb1729497e0cfbfc5fa2e2b405e13ba7';

// The input is encoded independently by viem's encoder, so decoding must give back what went in.
const transferData = encodeFunctionData({
  abi: parseAbi(['function transfer(address to, uint256 amount)']),
  functionName: 'transfer',
  args: [TO, 123456789012345678901234567890n],
});

describe('parseAbiText', () => {
  it('rejects invalid JSON with a message naming the problem', () => {
    const result = parseAbiText('[{"type": "function",');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^Invalid ABI JSON/);
  });

  it('rejects empty text', () => {
    expect(parseAbiText('   ')).toEqual({ ok: false, error: 'Paste an ABI first.' });
  });

  it('rejects JSON that is not an ABI', () => {
    const r1 = parseAbiText('{"name": "x"}');
    expect(r1.ok).toBe(false);
    const r2 = parseAbiText('[1, 2]');
    expect(r2.ok).toBe(false);
    if (!r2.ok) expect(r2.error).toContain('entry 0');
    const r3 = parseAbiText('[{"type":"event","name":"E","inputs":[]}]');
    expect(r3.ok).toBe(false);
    if (!r3.ok) expect(r3.error).toContain('no functions');
  });

  it('accepts an artifact object with an abi field', () => {
    const result = parseAbiText(JSON.stringify({ contractName: 'Token', abi: JSON.parse(ERC20_JSON) }));
    expect(result.ok).toBe(true);
  });

  it('accepts human-readable signatures, one per line', () => {
    const result = parseAbiText('function transfer(address to, uint256 amount);\nfunction approve(address, uint256)');
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.abi.filter((i) => i.type === 'function')).toHaveLength(2);
  });

  it('reports unreadable signatures', () => {
    const result = parseAbiText('function transfer(addresss to)');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/Could not read the signatures/);
  });
});

describe('decodeInput', () => {
  it('decodes a call with the JSON ABI: name, signature, typed args', () => {
    const result = decodeInputWithAbiText(ERC20_JSON, transferData);
    expect(result).toEqual({
      ok: true,
      functionName: 'transfer',
      signature: 'transfer(address,uint256)',
      // keccak256("transfer(address,uint256)")[0..4], the well-known ERC-20 selector.
      selector: '0xa9059cbb',
      args: [
        { name: 'to', type: 'address', value: getAddress(TO) },
        { name: 'amount', type: 'uint256', value: '123456789012345678901234567890' },
      ],
    });
  });

  it('says when no function in the ABI has the selector', () => {
    const abi = parseAbi(['function approve(address spender, uint256 amount)']);
    const result = decodeInput(abi, transferData);
    expect(result).toEqual({ ok: false, error: 'No function in this ABI has the selector 0xa9059cbb.' });
  });

  it('says when the selector matches but the arguments are truncated', () => {
    const abi = parseAbi(['function transfer(address to, uint256 amount)']);
    const result = decodeInput(abi, transferData.slice(0, 10 + 64) as `0x${string}`);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain('matches the ABI but the arguments do not decode');
  });

  it('refuses input shorter than a selector', () => {
    const abi = parseAbi(['function f()']);
    expect(decodeInput(abi, '0x').ok).toBe(false);
    expect(decodeInput(abi, '0x1234').ok).toBe(false);
  });

  it('renders tuples and arrays as JSON with bigints in decimal, unnamed params as argN', () => {
    const abi = parseAbi(['function g(uint8[] xs, (uint256 a, bool b) t, address)']);
    const data = encodeFunctionData({
      abi,
      functionName: 'g',
      args: [[1, 2], { a: 5n, b: true }, TO],
    });
    const result = decodeInput(abi, data);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.signature).toBe('g(uint8[],(uint256,bool),address)');
    expect(result.args[0]).toEqual({ name: 'xs', type: 'uint8[]', value: '[1,2]' });
    expect(result.args[1]).toEqual({ name: 't', type: '(uint256,bool)', value: '{"a":"5","b":true}' });
    expect(result.args[2]?.name).toBe('arg2');
  });
});
