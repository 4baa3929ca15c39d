import { describe, expect, it } from 'vitest';
import { encodeFunctionData, parseAbi, toFunctionSelector } from 'viem';
import { decodeCall, signatureTable } from './calls';
import { FUNCTION_SIGNATURES } from './signatures';

describe('signature table', () => {
  it('has one function per selector: no two signatures in the table collide', () => {
    const signatures = new Set(parseAbi(FUNCTION_SIGNATURES).map((item) => (item.type === 'function' ? toFunctionSelector(item) : '')));
    expect(signatureTable().size).toBe(signatures.size);
    expect(signatureTable().size).toBe(FUNCTION_SIGNATURES.length);
  });

  it('decodes nested arguments: multicall3 aggregate3 tuples, V3 exactInputSingle', () => {
    const abi = parseAbi(['function aggregate3((address target, bool allowFailure, bytes callData)[] calls)']);
    const data = encodeFunctionData({
      abi, functionName: 'aggregate3', args: [[{ target: '0x00000000000000000000000000000000000000aa', allowFailure: true, callData: '0x12' }]],
    });
    const call = decodeCall(data);
    expect(call).toMatchObject({ kind: 'call', signature: 'aggregate3((address,bool,bytes)[])', source: 'table' });
    if (call.kind === 'call') expect(call.args[0]?.value).toBe('[{"target":"0x00000000000000000000000000000000000000AA","allowFailure":true,"callData":"0x12"}]');
  });
});

describe('decodeCall with the reader\'s ABI', () => {
  const data = encodeFunctionData({ abi: parseAbi(['function transfer(address to, uint256 value)']), functionName: 'transfer', args: ['0x00000000000000000000000000000000000000aa', 9n] });

  it('prefers the reader\'s names over the table\'s', () => {
    const own = parseAbi(['function transfer(address recipient, uint256 amount)']);
    expect(decodeCall(data, own)).toMatchObject({ kind: 'call', source: 'abi', args: [{ name: 'recipient' }, { name: 'amount', value: '9' }] });
  });

  it('falls back to the table when the reader\'s ABI lacks the selector', () => {
    expect(decodeCall(data, parseAbi(['function other()']))).toMatchObject({ kind: 'call', source: 'table', functionName: 'transfer' });
  });
});
