/**
 * Failures read as lines of source, end to end without a node: RevertLab.sol and LabErrors.sol
 * (devnet/contracts) compiled by solc with the devnet's settings and read as verification reads
 * them (compiledOf: the source maps kept), run in the devnet's EVM with its tracer recording each
 * frame's last program counters (the lastPcTracer), then named with failureLines: each kind of
 * failure on the line that raised it, including the `require` and the custom error whose revert
 * tail the optimizer shares, the panics raised in solc's generated helpers, and a relay two
 * calls up naming the lines it called down from.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEVM } from '@ethereumjs/evm';
import { createAddressFromString, hexToBytes } from '@ethereumjs/util';
import solc from 'solc';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, type Abi, type Address, type Hex } from 'viem';
import { makeCommon } from '@/devnet/execution/evm-env';
import { TxTracer, type Frame } from '@/devnet/execution/tracer';
import { compiledOf } from '@/lib/server/contracts/run-job';
import type { VerifiedContract } from '@/lib/contracts/types';
import { failureOrigin, innerReverts, whyText } from './failure';
import { failureLines, verifiedCodeOf, type CodeLookup, type LineRef } from './frame-lines';
import { pathText } from './frame-tree';
import type { CallFrame, FramePcs } from '@/lib/rpc/trace-types';

const DIR = join(import.meta.dirname, '..', '..', 'devnet', 'contracts');
const FILES = ['RevertLab.sol', 'LabErrors.sol'];
const LAB = '0x1111111111111111111111111111111111111111' as Address;
const RELAY = '0x2222222222222222222222222222222222222222' as Address;
const RELAY2 = '0x3333333333333333333333333333333333333333' as Address;
const source = (file: string) => readFileSync(join(DIR, file), 'utf8');
/** The 1-based line of the first line of `file` holding `needle`. */
const lineOf = (file: string, needle: string) => source(file).split('\n').findIndex((l) => l.includes(needle)) + 1;

let verified: Map<string, VerifiedContract>;
let labAbi: Abi;
let relayAbi: Abi;
let evm: Awaited<ReturnType<typeof createEVM>>;

function contract(address: Address, name: string, output: string): VerifiedContract {
  const found = compiledOf(output, `RevertLab.sol:${name}`);
  if (typeof found === 'string') throw new Error(found);
  return {
    address, chain: 'cyprus1', matchKind: 'full', compilerVersion: 'v0.8.37', contractName: `RevertLab.sol:${name}`,
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'shanghai', viaIR: false, libraries: {}, remappings: [] },
    sources: FILES.map((path) => ({ path, content: source(path) })), abi: found.abi, constructorArguments: '0x',
    decodedConstructorArguments: null, salt: null, creation: null, verifiedAt: '', sourceMaps: found.sourceMaps, storageLayout: null,
  };
}

beforeAll(async () => {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(FILES.map((f) => [f, { content: source(f) }])),
    settings: {
      optimizer: { enabled: true, runs: 200 }, evmVersion: 'shanghai',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.bytecode.sourceMap', 'evm.deployedBytecode.object', 'evm.deployedBytecode.sourceMap'] } },
    },
  };
  const output = solc.compile(JSON.stringify(input));
  const parsed = JSON.parse(output) as { contracts: Record<string, Record<string, { evm: { deployedBytecode: { object: string } } }>> };
  const lab = contract(LAB, 'RevertLab', output);
  const relay = contract(RELAY, 'RevertRelay', output);
  verified = new Map([[LAB, lab], [RELAY, relay], [RELAY2, { ...relay, address: RELAY2 }]]);
  labAbi = lab.abi;
  relayAbi = relay.abi;
  evm = await createEVM({ common: makeCommon(9000n) });
  const runtime = (name: string) => hexToBytes(`0x${parsed.contracts['RevertLab.sol']![name]!.evm.deployedBytecode.object}`);
  await evm.stateManager.putCode(createAddressFromString(LAB), runtime('RevertLab'));
  await evm.stateManager.putCode(createAddressFromString(RELAY), runtime('RevertRelay'));
  await evm.stateManager.putCode(createAddressFromString(RELAY2), runtime('RevertRelay'));
}, 60_000);

/** The frame tree as the explorer reads it, and the pcs tree as the lastPcTracer gives it. */
function asTrees(frame: Frame): { call: CallFrame; pcs: FramePcs } {
  const call = (f: Frame): CallFrame => ({ ...f, calls: f.calls.map(call), logs: [] });
  const pcs = (f: Frame): FramePcs => ({ type: f.type, to: f.to, pcs: f.pcs, openedAt: f.openedAt, calls: f.calls.map(pcs) });
  return { call: call(frame), pcs: pcs(frame) };
}

async function run(to: Address, data: Hex, gasLimit = 1_000_000n) {
  const tracer = new TxTracer({ withPcs: true });
  tracer.attach(evm);
  try {
    await evm.runCall({ to: createAddressFromString(to), data: hexToBytes(data), gasLimit, caller: createAddressFromString(`0x${'99'.repeat(20)}`) });
  } finally {
    tracer.detach(evm);
  }
  return asTrees(tracer.result()!);
}

const codeOf = (address: Address): CodeLookup => {
  const contract = verified.get(address.toLowerCase());
  return contract ? { kind: 'verified', code: verifiedCodeOf(contract) } : { kind: 'unverified' };
};
const abiOf = (frame: CallFrame) => (frame.to && verified.get(frame.to) ? { abi: verified.get(frame.to)!.abi, origin: 'verified' as const } : undefined);

async function failure(to: Address, data: Hex, gas?: bigint) {
  const { call, pcs } = await run(to, data, gas);
  const origin = failureOrigin(call, [], abiOf);
  if (!origin) throw new Error('did not fail');
  const lines = failureLines(call, [origin.path], pcs, '', codeOf);
  return { origin, text: whyText(origin.why), lines, stopped: lines.get(pathText(origin.path))?.stopped };
}

const at = (ref: LineRef | undefined) => (ref?.kind === 'line' ? `${ref.path}:${ref.line}` : `unknown: ${ref?.kind === 'unknown' ? ref.reason : 'none'}`);
const lab = (fn: string, args: readonly unknown[] = []) => encodeFunctionData({ abi: labAbi, functionName: fn, args } as never);

describe('failureLines with the lastPcTracer’s pcs', () => {
  it('a require with a reason: the reason, and the require’s line', async () => {
    const f = await failure(LAB, lab('requireBelow', [42n]));
    expect(f.text).toBe('RevertLab: x must be below 10');
    expect(at(f.stopped)).toBe(`RevertLab.sol:${lineOf('RevertLab.sol', 'require(x < 10')}`);
  });

  it('a custom error raised in a library file: its arguments, and the library’s line, not the shared revert tail’s', async () => {
    const f = await failure(LAB, lab('withdraw', [5n]));
    expect(f.origin.why).toMatchObject({ kind: 'custom', name: 'Shortfall', decodedWith: 'verified' });
    expect(f.text).toBe('Shortfall(who=0x9999999999999999999999999999999999999999, have=0, want=5)');
    expect(at(f.stopped)).toBe(`LabErrors.sol:${lineOf('LabErrors.sol', 'revert Shortfall')}`);
  });

  it.each([
    [0x01n, 'assertion failed', 'assert(count'],
    [0x11n, 'arithmetic overflow or underflow', 'return count - code'],
    [0x12n, 'division or modulo by zero', 'return code / count'],
    [0x21n, 'conversion to an enum out of range', 'Mood(code)'],
    [0x22n, 'incorrectly encoded storage byte array', 'return blob.length'],
    [0x31n, 'pop() on an empty array', 'items.pop()'],
    [0x32n, 'array index out of bounds', 'return items[code]'],
    [0x41n, 'too much memory allocated', 'new uint256[]'],
    [0x51n, 'call to a zero-initialised internal function', 'return nothing()'],
  ])('panic 0x%s: its meaning, and the line that raised it in solc’s helper', async (code, meaning, needle) => {
    const f = await failure(LAB, lab('panic', [code]));
    expect(f.text).toBe(`panic 0x${code.toString(16).padStart(2, '0')}: ${meaning}`);
    expect(at(f.stopped)).toBe(`RevertLab.sol:${lineOf('RevertLab.sol', needle)}`);
  });

  it('out of gas and an invalid opcode: named, on their lines', async () => {
    const oog = await failure(LAB, lab('burn'), 200_000n);
    expect(oog.text).toBe('Out of gas');
    expect(at(oog.stopped)).toBe(`RevertLab.sol:${lineOf('RevertLab.sol', 'while (true)')}`);
    const invalid = await failure(LAB, lab('invalid'));
    expect(invalid.text).toBe('Invalid opcode');
    expect(at(invalid.stopped)).toBe(`RevertLab.sol:${lineOf('RevertLab.sol', 'assembly { invalid() }')}`);
  });

  it('two calls deep: the lab’s line, and each relay’s line that called down', async () => {
    const data = encodeFunctionData({ abi: relayAbi, functionName: 'relayVia', args: [RELAY2, LAB, 42n] });
    const f = await failure(RELAY, data);
    expect(pathText(f.origin.path)).toBe('0_0');
    expect(at(f.stopped)).toBe(`RevertLab.sol:${lineOf('RevertLab.sol', 'require(x < 10')}`);
    expect(at(f.lines.get('0')?.calledFrom)).toBe(`RevertLab.sol:${lineOf('RevertLab.sol', 'next.relay(lab, x);')}`);
    expect(at(f.lines.get('0_0')?.calledFrom)).toBe(`RevertLab.sol:${lineOf('RevertLab.sol', 'lab.requireBelow(x);')}`);
  });

  it('a revert caught inside a success: listed with its reason and line', async () => {
    const { call, pcs } = await run(RELAY, encodeFunctionData({ abi: relayAbi, functionName: 'attempt', args: [LAB, 42n] }));
    expect(call.error).toBeNull();
    const inner = innerReverts(call, abiOf);
    expect(inner.map((f) => [pathText(f.path), whyText(f.why)])).toEqual([['0', 'RevertLab: x must be below 10']]);
    const lines = failureLines(call, inner.map((f) => f.path), pcs, '', codeOf);
    expect(at(lines.get('0')?.stopped)).toBe(`RevertLab.sol:${lineOf('RevertLab.sol', 'require(x < 10')}`);
    expect(at(lines.get('0')?.calledFrom)).toBe(`RevertLab.sol:${lineOf('RevertLab.sol', 'try lab.requireBelow(x)')}`);
  });

  it('without program counters (a go-quai trace): the reason still, and why the line is unknown', async () => {
    const { call } = await run(LAB, lab('requireBelow', [42n]));
    const origin = failureOrigin(call, [], abiOf)!;
    const lines = failureLines(call, [origin.path], null, 'the node gave no program counters', codeOf);
    expect(whyText(origin.why)).toBe('RevertLab: x must be below 10');
    expect(lines.get('root')?.stopped).toEqual({ kind: 'unknown', reason: 'the node gave no program counters' });
  });
});
