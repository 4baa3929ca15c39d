import { describe, expect, it } from 'vitest';
import { encodeErrorResult, parseAbi, type Address, type Hex } from 'viem';
import { parseCallFrame } from '@/lib/rpc/parse/trace';
import { PANIC_CODES } from '@/lib/decode/revert-data';
import { evmErrorOf } from './evm-errors';
import { failureOrigin, innerReverts, whyFailed, whySource, whyText } from './failure';
import { failureLines, type CodeLookup } from './frame-lines';
import type { CallFrame } from '@/lib/rpc/trace-types';

const A = '0x00000000000000000000000000000000000000aa' as Address;
const B = '0x00000000000000000000000000000000000000bb' as Address;
const LAB_ABI = parseAbi(['error Shortfall(address who, uint256 have, uint256 want)']);
const reason = (text: string): Hex => encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: [text] });
const panic = (code: bigint): Hex => encodeErrorResult({ abi: parseAbi(['error Panic(uint256)']), errorName: 'Panic', args: [code] });

function frame(over: Partial<CallFrame> = {}): CallFrame {
  return { type: 'CALL', from: A, to: B, value: 0n, gas: 100_000n, gasUsed: 21_000n, input: '0x', output: '0x', error: null, revertReason: null, calls: [], logs: [], ...over };
}

/**
 * A go-quai node's callTracer answer, as its tracers write it (eth/tracers/testdata/call_tracer in
 * go-quai: hex quantities, `error` and `output`, no `revertReason`, no program counters): a
 * relay whose call to the lab reverted with a reason, passed on.
 */
const RECORDED_GO_QUAI = JSON.parse(`{
  "type": "CALL",
  "from": "0xf7579c3d8a669c89d5ed246a22eb6db8f6fedbf1",
  "to": "0x00000000000000000000000000000000000000aa",
  "value": "0x0",
  "gas": "0x2d7308",
  "gasUsed": "0x1f3a",
  "input": "0x7a5e3f8b00000000000000000000000000000000000000000000000000000000000000bb000000000000000000000000000000000000000000000000000000000000002a",
  "error": "execution reverted",
  "output": "${reason('RevertLab: x must be below 10')}",
  "calls": [{
    "type": "CALL",
    "from": "0x00000000000000000000000000000000000000aa",
    "to": "0x00000000000000000000000000000000000000bb",
    "value": "0x0",
    "gas": "0x2c8a11",
    "gasUsed": "0x2b1",
    "input": "0x8f2a1c3d000000000000000000000000000000000000000000000000000000000000002a",
    "error": "execution reverted",
    "output": "${reason('RevertLab: x must be below 10')}"
  }]
}`) as unknown;

describe('a recorded go-quai trace (no revertReason, no program counters)', () => {
  it('still gives the reason and the frame it started in, and says the line is unknown', () => {
    const call = parseCallFrame(RECORDED_GO_QUAI, 'trace');
    const origin = failureOrigin(call, [], () => undefined)!;
    expect(origin.path).toEqual([0]);
    expect(whyText(origin.why)).toBe('RevertLab: x must be below 10');
    expect(whySource(origin.why)).toBe('Error(string)');
    const verified: CodeLookup = { kind: 'unverified' };
    const lines = failureLines(call, [origin.path], null, 'the node gives no program counters', () => verified);
    expect(lines.get('0')?.stopped).toEqual({ kind: 'unknown', reason: expect.stringMatching(/not verified/) });
    expect(lines.get('0')?.calledFrom).toEqual({ kind: 'unknown', reason: expect.stringMatching(/not verified/) });
  });
});

describe('whyFailed', () => {
  it('names every Solidity panic by its code', () => {
    for (const [code, meaning] of Object.entries(PANIC_CODES)) {
      const why = whyFailed('execution reverted', panic(BigInt(code)), undefined);
      expect(why).toMatchObject({ kind: 'panic', meaning });
      expect(whyText(why)).toBe(`panic 0x${Number(code).toString(16).padStart(2, '0')}: ${meaning}`);
    }
    expect(whyText(whyFailed('execution reverted', panic(0x99n), undefined))).toBe('panic 0x99');
  });

  it('a custom error: with the code’s ABI, saying whose; with the table; or its selector', () => {
    const data = encodeErrorResult({ abi: LAB_ABI, errorName: 'Shortfall', args: [A, 0n, 5n] });
    const verified = whyFailed('execution reverted', data, { abi: LAB_ABI, origin: 'verified' });
    expect(whyText(verified)).toMatch(/^Shortfall\(who=0x0{38}aa, have=0, want=5\)$/i);
    expect(verified).toMatchObject({ kind: 'custom', name: 'Shortfall', decodedWith: 'verified', args: [{ name: 'who' }, { name: 'have', value: '0' }, { name: 'want', value: '5' }] });
    expect(whySource(whyFailed('execution reverted', data, { abi: LAB_ABI, origin: 'attached' }))).toMatch(/attached/);
    const table = encodeErrorResult({ abi: parseAbi(['error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)']), errorName: 'ERC20InsufficientBalance', args: [A, 1n, 2n] });
    expect(whyFailed('execution reverted', table, undefined)).toMatchObject({ kind: 'custom', name: 'ERC20InsufficientBalance', decodedWith: 'table' });
    expect(whyFailed('execution reverted', data, undefined)).toMatchObject({ kind: 'undecoded', selector: data.slice(0, 10) });
  });

  it('the EVM’s own errors by name, as geth words them and wraps them', () => {
    expect(whyText(whyFailed('out of gas', null, undefined))).toBe('Out of gas');
    expect(whyText(whyFailed('invalid opcode: INVALID', null, undefined))).toBe('Invalid opcode');
    expect(whyText(whyFailed('invalid opcode: opcode 0xef not defined', null, undefined))).toBe('Invalid opcode');
    expect(whyText(whyFailed('stack underflow (0 <=> 2)', null, undefined))).toBe('Stack underflow');
    expect(whyText(whyFailed('stack limit reached 1024 (1023)', null, undefined))).toBe('Stack overflow');
    expect(whyText(whyFailed('write protection', null, undefined))).toBe('State change in a static call');
    expect(evmErrorOf('err: out of gas (supplied gas 50000)')).toMatchObject({ name: 'Out of gas', text: 'out of gas' });
    expect(whyFailed('execution reverted', '0x', undefined)).toEqual({ kind: 'bare-revert' });
    expect(whyFailed('something a node made up', null, undefined)).toEqual({ kind: 'node', text: 'something a node made up' });
  });
});

describe('innerReverts', () => {
  it('lists each revert a caller caught, where it started, and not the reverts inside it again', () => {
    const data = reason('inner');
    const root = frame({
      calls: [
        frame(),
        frame({ error: 'execution reverted', output: data, calls: [frame({ error: 'execution reverted', output: data }), frame({ calls: [frame({ error: 'out of gas', output: null })] })] }),
        frame({ calls: [frame({ error: 'out of gas', output: null })] }),
      ],
    });
    const inner = innerReverts(root, () => undefined);
    expect(inner.map((f) => [f.path.join('_'), whyText(f.why)])).toEqual([['1_0', 'inner'], ['2_0', 'Out of gas']]);
    expect(innerReverts({ ...root, error: 'execution reverted' }, () => undefined)).toEqual([]);
  });
});
