import { describe, expect, it } from 'vitest';
import { a, h } from './fixtures';
import { FieldError } from './fields';
import { parseBlockTraces, parseCallFrame, parsePrestate, parseStateDiff } from './trace';

const frame = (extra: Record<string, unknown> = {}) => ({
  type: 'CALL', from: a('11'), gas: '0x5208', gasUsed: '0x5208', to: a('22'), input: '0x', value: '0x1', ...extra,
});

describe('parseCallFrame', () => {
  it('reads geth’s callTracer frames into domain values, recursively', () => {
    const parsed = parseCallFrame(
      frame({ calls: [frame({ type: 'staticcall', value: undefined, output: '0xabcd' }), frame({ type: 'CREATE2', to: undefined, error: 'out of gas' })] }),
      'trace',
    );
    expect(parsed).toMatchObject({ type: 'CALL', from: a('11'), to: a('22'), value: 1n, gas: 21_000n, gasUsed: 21_000n, output: null, error: null, revertReason: null, logs: [] });
    expect(parsed.calls[0]).toMatchObject({ type: 'STATICCALL', value: null, output: '0xabcd' });
    expect(parsed.calls[1]).toMatchObject({ type: 'CREATE2', to: null, error: 'out of gas' });
  });

  it('names the field of a malformed frame, however deep', () => {
    expect(() => parseCallFrame(frame({ calls: [frame({ gasUsed: 21000 })] }), 'trace')).toThrow(FieldError);
    expect(() => parseCallFrame(frame({ calls: [frame({ gasUsed: 21000 })] }), 'trace')).toThrow(/^trace\.calls\[0\]\.gasUsed: expected a hex quantity/);
    expect(() => parseCallFrame(frame({ type: 'JUMP' }), 'trace')).toThrow(/trace\.type: expected one of CALL/);
    expect(() => parseCallFrame(frame({ from: '0x12' }), 'trace')).toThrow(/trace\.from: expected 20-byte address/);
  });

  it('reads withLog’s logs', () => {
    const parsed = parseCallFrame(frame({ logs: [{ address: a('33'), topics: [h('44')], data: '0x01', position: '0x0' }] }), 'trace');
    expect(parsed.logs).toEqual([{ address: a('33'), topics: [h('44')], data: '0x01', position: 0 }]);
  });
});

describe('parsePrestate / parseStateDiff', () => {
  it('reads nonces as geth sends them (JSON numbers) or as quantities, and storage words', () => {
    const pre = parsePrestate({ [a('AA')]: { balance: '0x10', nonce: 3, code: '0x60', storage: { [h('01')]: h('02') } }, [a('bb')]: { balance: '0x0', nonce: '0x2' } }, 'pre');
    expect(pre.get(a('aa'))).toEqual({ balance: 16n, nonce: 3n, code: '0x60', storage: new Map([[h('01'), h('02')]]) });
    expect(pre.get(a('bb'))).toMatchObject({ balance: 0n, nonce: 2n, code: null });
  });

  it('refuses what is not an address map or a diff, naming where', () => {
    expect(() => parsePrestate({ nope: {} }, 'pre')).toThrow(/pre key: expected 20-byte address/);
    expect(() => parsePrestate({ [a('aa')]: { nonce: -1 } }, 'pre')).toThrow(/nonce: expected a nonce/);
    expect(() => parseStateDiff({ pre: {} }, 'diff')).toThrow(/diff\.post: expected an object/);
  });

  it('reads a block’s traces and refuses a per-transaction error', () => {
    const traces = parseBlockTraces([{ txHash: h('01'), result: frame() }], 'traces', parseCallFrame);
    expect(traces[0]?.txHash).toBe(h('01'));
    expect(() => parseBlockTraces([{ error: 'boom' }], 'traces', parseCallFrame)).toThrow(/traces\[0\]\.result/);
  });
});
