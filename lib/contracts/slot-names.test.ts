import { describe, expect, it } from 'vitest';
import { EIP1967 } from '@/lib/checks/proxy-slots';
import { EIP1967_SLOTS } from '@/devnet/contracts';
import { nameSlot, normalSlot } from './slot-names';

describe('nameSlot', () => {
  it('names the EIP-1967 slots the proxy check and the devnet proxy use', () => {
    expect(nameSlot(EIP1967.implementation)?.name).toBe('EIP-1967 implementation');
    expect(nameSlot(EIP1967.admin)?.name).toBe('EIP-1967 admin');
    expect(nameSlot(EIP1967_SLOTS.implementation)?.name).toBe('EIP-1967 implementation');
    expect(nameSlot(EIP1967_SLOTS.admin)?.name).toBe('EIP-1967 admin');
  });

  it('names the beacon slot as EIP-1967 writes it', () => {
    expect(nameSlot('0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50')?.name).toBe('EIP-1967 beacon');
  });

  it('reads a slot however the node spelled it (upper case, unpadded)', () => {
    expect(normalSlot('0x1')).toBe(`0x${'0'.repeat(63)}1`);
    expect(nameSlot(EIP1967.implementation.toUpperCase().replace('0X', '0x') as `0x${string}`)?.name).toBe('EIP-1967 implementation');
  });

  it('asks the contract layout for other slots, and the standard first', () => {
    const layout = (slot: `0x${string}`) => (BigInt(slot) === 0n ? { name: 'totalSupply', source: 'verified layout', holdsAddress: false } : undefined);
    expect(nameSlot('0x0', layout)?.name).toBe('totalSupply');
    expect(nameSlot('0x5', layout)).toBeUndefined();
    expect(nameSlot(EIP1967.admin, () => ({ name: 'shadow', source: 'x', holdsAddress: false }))?.name).toBe('EIP-1967 admin');
  });
});
