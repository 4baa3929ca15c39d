import { concatHex, keccak256, numberToHex, padHex, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { layoutSlotNames, nameFromLayout, parseStorageLayout } from './storage-layout';

const LAYOUT = JSON.stringify({
  storage: [
    { label: 'total', slot: '0', offset: 0, type: 't_uint256' },
    { label: 'balances', slot: '1', offset: 0, type: 't_mapping(t_address,t_uint256)' },
    { label: 'list', slot: '2', offset: 0, type: 't_array(t_uint256)dyn_storage' },
    { label: 'owner', slot: '3', offset: 0, type: 't_address' },
    { label: 'flag', slot: '3', offset: 20, type: 't_bool' },
  ],
  types: {
    t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: '32' },
    t_address: { encoding: 'inplace', label: 'address', numberOfBytes: '20' },
    t_bool: { encoding: 'inplace', label: 'bool', numberOfBytes: '1' },
    't_mapping(t_address,t_uint256)': { encoding: 'mapping', key: 't_address', value: 't_uint256', label: 'mapping(address => uint256)', numberOfBytes: '32' },
    't_array(t_uint256)dyn_storage': { encoding: 'dynamic_array', base: 't_uint256', label: 'uint256[]', numberOfBytes: '32' },
  },
});

const word = (n: bigint): Hex => numberToHex(n, { size: 32 });

describe('storage slots named by a verified layout', () => {
  const layout = parseStorageLayout(LAYOUT)!;
  const who: Hex = '0x00000000000000000000000000000000000000aa';
  const names = layoutSlotNames(layout, [who], 'the verified storage layout');

  it('names values, packed values, mapping entries of known keys, and an array by where its element falls', () => {
    expect(nameFromLayout(names, word(0n))?.name).toBe('total');
    expect(nameFromLayout(names, word(3n))).toMatchObject({ name: 'owner, flag (byte 20)', holdsAddress: false });
    expect(nameFromLayout(names, keccak256(concatHex([padHex(who, { size: 32 }), word(1n)])))?.name).toBe(`balances[${who}]`);
    expect(nameFromLayout(names, word(2n))?.name).toBe('list.length');
    expect(nameFromLayout(names, word(BigInt(keccak256(word(2n))) + 5n))?.name).toBe('list[5]');
  });

  it('leaves a slot it cannot place unnamed, and refuses what is not a layout', () => {
    expect(nameFromLayout(names, word(9n))).toBeUndefined();
    expect(parseStorageLayout('{"storage":[{"label":1}]}')).toBeNull();
    expect(parseStorageLayout('not json')).toBeNull();
  });
});
