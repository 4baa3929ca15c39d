/**
 * The matcher's rules on bytes built here: a metadata tail (a CBOR map and its 2-byte length),
 * immutables, a library's call protection, arguments and a salt. The end-to-end path with solc and
 * a devnet is lib/server/contracts/verify.devnet.test.ts.
 */
import { encodeAbiParameters, type Hex } from 'viem';
import { describe, expect, test } from 'vitest';
import { compareRuntime, maskImmutables, matchContract, metadataLength, splitArguments, type CompiledContract } from './bytecode-match';

/** A metadata tail: a CBOR map opening byte, `body` bytes, then the length (map + body) in 2 bytes. */
const meta = (body: string): string => {
  const cbor = `a2${body}`;
  return cbor + (cbor.length / 2).toString(16).padStart(4, '0');
};
const CODE = '6080604052348015600f57600080fd5b50';
const RUNTIME = `6080604052${'7f' + '00'.repeat(32)}5050`;
const META_A = meta('64697066735822' + 'aa'.repeat(34));
const META_B = meta('64697066735822' + 'bb'.repeat(34));
const INPUTS = [{ type: 'uint256', name: 'cap' }, { type: 'string', name: 'label' }] as const;
const ARGS = encodeAbiParameters(INPUTS, [7n, 'x']).slice(2);

function compiled(runtimeMeta = META_A, creationMeta = META_A): CompiledContract {
  return {
    creation: `0x${CODE}${RUNTIME}${creationMeta}`,
    runtime: `0x${RUNTIME}${runtimeMeta}`,
    // The 32 bytes after PUSH32 at offset 5 hold an immutable.
    immutableReferences: { '7': [{ start: 6, length: 32 }] },
    constructorInputs: INPUTS,
  };
}
const onChainRuntime = (m = META_A): Hex => `0x${RUNTIME.replace('00'.repeat(32), '11'.repeat(32))}${m}`;

describe('metadata tail', () => {
  test('args: code ending in a CBOR map and its length', () => {
    expect(metadataLength(`${CODE}${META_A}`)).toBe(META_A.length / 2);
    expect(metadataLength(CODE)).toBe(0);
  });
});

describe('runtime', () => {
  test('behavior: immutables are masked on both sides', () => {
    expect(maskImmutables(onChainRuntime(), compiled().immutableReferences)).toBe(`${RUNTIME}${META_A}`);
    expect(compareRuntime(compiled(), onChainRuntime())).toBe('full');
  });
  test('behavior: a different metadata tail only is partial; other code is no match', () => {
    expect(compareRuntime(compiled(META_B), onChainRuntime())).toBe('partial');
    expect(compareRuntime(compiled(), `0x${RUNTIME.replace('5050', '5051')}${META_A}`)).toBe(null);
  });
  test("behavior: a library's own address after PUSH20 is masked", () => {
    const lib: CompiledContract = { creation: '0x', runtime: `0x73${'00'.repeat(20)}3014${META_A}`, immutableReferences: {}, constructorInputs: [] };
    expect(compareRuntime(lib, `0x73${'ab'.repeat(20)}3014${META_A}`)).toBe('full');
  });
});

describe('arguments and salt', () => {
  test('args: canonical arguments, then a 4-byte salt', () => {
    expect(splitArguments(INPUTS, ARGS)).toEqual({ args: ARGS, salt: null });
    expect(splitArguments(INPUTS, `${ARGS}5a17c0de`)).toEqual({ args: ARGS, salt: '5a17c0de' });
    expect(splitArguments([], '5a17c0de')).toEqual({ args: '', salt: '5a17c0de' });
    expect(splitArguments(INPUTS, `${ARGS}00`)).toBe(null);
  });
});

describe('matchContract', () => {
  const creationInput = (m = META_A, tail = `${ARGS}5a17c0de`): Hex => `0x${CODE}${RUNTIME}${m}${tail}`;
  test('behavior: identical is full, with the arguments and the salt', () => {
    expect(matchContract(compiled(), { creationInput: creationInput(), runtime: onChainRuntime() }, `0x${ARGS}`)).toEqual({
      ok: true, matchKind: 'full', constructorArguments: `0x${ARGS}`, salt: '0x5a17c0de',
    });
  });
  test('behavior: metadata differing in both codes is partial', () => {
    const v = matchContract(compiled(META_B, META_B), { creationInput: creationInput(), runtime: onChainRuntime() }, null);
    expect(v).toMatchObject({ ok: true, matchKind: 'partial' });
  });
  test('behavior: submitted arguments that differ fail', () => {
    const other = `0x${encodeAbiParameters(INPUTS, [8n, 'x']).slice(2)}` as Hex;
    expect(matchContract(compiled(), { creationInput: creationInput(), runtime: onChainRuntime() }, other)).toMatchObject({ ok: false, reason: expect.stringContaining('differ') });
  });
  test('behavior: unlinked libraries fail saying so', () => {
    const c = { ...compiled(), runtime: `0x73__$${'ab'.repeat(17)}$__${META_A}` };
    expect(matchContract(c, { creationInput: creationInput(), runtime: onChainRuntime() }, null)).toMatchObject({ ok: false, reason: expect.stringContaining('library') });
  });
});
