import { describe, expect, it } from 'vitest';
import { encodeErrorResult, getAddress, parseAbi, type Hex } from 'viem';
import { decodeFrame, revertReasonOf } from './decode-frame';
import { framesOf, frameAt, pathText, revertOrigin } from './frame-tree';
import type { CallFrame } from '@/lib/rpc/trace-types';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const reason = (text: string): Hex => encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: [text] });

function frame(over: Partial<CallFrame> = {}): CallFrame {
  return { type: 'CALL', from: A, to: B, value: 0n, gas: 100_000n, gasUsed: 21_000n, input: '0x', output: '0x', error: null, revertReason: null, calls: [], logs: [], ...over };
}

describe('frame paths', () => {
  it('names frames by their index under each caller, Etherscan style, depth first', () => {
    const root = frame({ calls: [frame({ calls: [frame(), frame({ type: 'STATICCALL' })] }), frame({ type: 'CREATE' })] });
    expect([...framesOf(root)].map((f) => pathText(f.path))).toEqual(['root', '0', '0_0', '0_1', '1']);
    expect(frameAt(root, [0, 1])?.type).toBe('STATICCALL');
    expect(frameAt(root, [5])).toBeUndefined();
  });
});

describe('revertOrigin', () => {
  it('follows the revert data down to the frame that raised it', () => {
    const data = reason('Relay: no');
    const root = frame({
      error: 'execution reverted',
      output: data,
      calls: [frame(), frame({ error: 'execution reverted', output: data, calls: [frame({ error: 'execution reverted', output: data })] })],
    });
    expect(revertOrigin(root)?.path).toEqual([1, 0]);
  });

  it('stops above a child whose failure was caught and answered with other data', () => {
    const root = frame({ error: 'execution reverted', output: reason('outer'), calls: [frame({ error: 'execution reverted', output: reason('inner') })] });
    expect(revertOrigin(root)?.path).toEqual([]);
  });

  it('is null for a transaction that did not fail, even when a call inside it did', () => {
    expect(revertOrigin(frame({ calls: [frame({ error: 'out of gas' })] }))).toBeNull();
  });
});

describe('decodeFrame', () => {
  it('reads Error(string), panics and declared custom errors as reasons', () => {
    expect(revertReasonOf(reason('too low'))).toEqual({ kind: 'reason', text: 'too low', source: 'Error(string)' });
    const panic = encodeErrorResult({ abi: parseAbi(['error Panic(uint256)']), errorName: 'Panic', args: [0x11n] });
    expect(revertReasonOf(panic)).toMatchObject({ text: 'panic 0x11: arithmetic overflow or underflow' });
    const abi = parseAbi(['error Short(address who, uint256 need)']);
    const custom = encodeErrorResult({ abi, errorName: 'Short', args: [A, 5n] });
    expect(revertReasonOf(custom, abi)).toMatchObject({ text: `Short(who=${getAddress(A)}, need=5)`, source: 'custom error' });
    expect(revertReasonOf(custom)).toBeUndefined();
  });

  it('decodes a call and its return values with the signature table, and a CREATE as init code', () => {
    const input: Hex = `0x70a08231${'0'.repeat(24)}${A.slice(2)}`; // balanceOf(address)
    const output: Hex = `0x${(42n).toString(16).padStart(64, '0')}`;
    const decoded = decodeFrame(frame({ type: 'STATICCALL', input, output }));
    expect(decoded.input).toMatchObject({ kind: 'call', functionName: 'balanceOf', source: 'table' });
    expect(decoded.output).toEqual({ kind: 'returned', values: [{ name: 'out0', type: 'uint256', value: '42' }] });
    expect(decodeFrame(frame({ type: 'CREATE', input: '0x6080', output: '0x60016002' }))).toEqual({ input: { kind: 'init-code', bytes: 2 }, output: { kind: 'deployed', bytes: 4 } });
  });

  it('falls back to the node’s revert reason, then to raw data', () => {
    expect(decodeFrame(frame({ error: 'execution reverted', output: null, revertReason: 'from node' })).output).toEqual({ kind: 'reason', text: 'from node', source: 'the node' });
    expect(decodeFrame(frame({ error: 'execution reverted', output: '0xdeadbeef' })).output).toEqual({ kind: 'raw', data: '0xdeadbeef' });
  });
});
