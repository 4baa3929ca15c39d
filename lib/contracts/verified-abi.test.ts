import { describe, expect, it } from 'vitest';
import { encodeAbiParameters, encodeEventTopics, encodeFunctionData, parseAbi, type Hex } from 'viem';
import { DevTokenAbi, StoreAbi } from '@/devnet/contracts';
import { decodeCallWith, decodeLogWith, originText, type VerifiedAbi } from './verified-abi';

const STORE = '0x00000000000000000000000000000000000000aa';
const IMPL = '0x00000000000000000000000000000000000000bb';
const own: VerifiedAbi = { abi: StoreAbi, origin: { kind: 'own', address: STORE, matchKind: 'full' } };
const implementation: VerifiedAbi = { abi: DevTokenAbi, origin: { kind: 'implementation', proxy: STORE, address: IMPL, matchKind: 'partial', block: '12' } };

describe('decodeCallWith', () => {
  it('decodes with the first verified ABI that has the selector, with the names of its source', () => {
    const { call, origin } = decodeCallWith([own, implementation], encodeFunctionData({ abi: StoreAbi, functionName: 'set', args: [77n] }));
    expect(origin).toBe(own.origin);
    expect(call.kind === 'call' && call.args.map((a) => `${a.type} ${a.name} ${a.value}`)).toEqual(['uint256 newValue 77']);
  });

  it('goes on to the implementation, and falls back to the table (origin null) when no verified ABI knows the selector', () => {
    const transfer = encodeFunctionData({ abi: DevTokenAbi, functionName: 'transfer', args: [IMPL, 5n] });
    expect(decodeCallWith([own, implementation], transfer).origin).toBe(implementation.origin);
    const table = decodeCallWith([own], transfer);
    expect(table.origin).toBeNull();
    expect(table.call.kind === 'call' && table.call.source).toBe('table');
  });

  it('says the arguments do not decode when the verified ABI has the selector (not the table\'s view)', () => {
    const short = encodeFunctionData({ abi: StoreAbi, functionName: 'set', args: [1n] }).slice(0, 20) as Hex;
    const { call, origin } = decodeCallWith([own], short);
    expect(call.kind).toBe('malformed');
    expect(origin).toBe(own.origin);
  });
});

describe('decodeLogWith', () => {
  it('decodes a log with its emitter\'s verified ABI, or answers null when none declares it', () => {
    const topics = encodeEventTopics({ abi: StoreAbi, eventName: 'Stored', args: { by: IMPL } }) as Hex[];
    const log = { address: STORE, topics, data: encodeAbiParameters([{ type: 'uint256' }], [9n]) } as const;
    const found = decodeLogWith([own], log);
    expect(found?.decoded.kind === 'event' && found.decoded.args.map((a) => a.name)).toEqual(['by', 'value']);
    expect(decodeLogWith([{ ...own, abi: parseAbi(['event Other()']) }], log)).toBeNull();
  });
});

describe('originText', () => {
  it('names whose ABI it is, and for a proxy the block its slot was proven at', () => {
    expect(originText(own.origin)).toBe("ABI from this contract's verified source (full match)");
    expect(originText(implementation.origin)).toContain(`EIP-1967 implementation ${IMPL} (partial match; implementation slot proven at block #12)`);
  });
});
