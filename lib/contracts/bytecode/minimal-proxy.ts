/**
 * EIP-1167 minimal proxies ("clones"): 45 bytes of runtime code that DELEGATECALL every call to
 * one address written in the code itself, so where a clone points is read from its code, not
 * from storage. Recognised exactly as EIP-1167 lays them out, including the shorter forms that
 * push a vanity address with fewer than 20 bytes (PUSH1…PUSH20, the jump offset moved to match),
 * and ERC-7511's form with PUSH0. Pure and browser-safe.
 */
import { getAddress, type Address, type Hex } from 'viem';

export type MinimalProxyKind = 'EIP-1167' | 'ERC-7511';

export interface MinimalProxy {
  readonly kind: MinimalProxyKind;
  readonly implementation: Address;
}

// EIP-1167: 363d3d373d3d3d363d 73<20 bytes> 5af43d82803e903d91 602b 57fd5bf3 (602b for PUSH20).
const EIP1167 = /^363d3d373d3d3d363d(6[0-9a-f]|7[0-3])([0-9a-f]*)5af43d82803e903d9160([0-9a-f]{2})57fd5bf3$/;
// ERC-7511: 365f5f375f5f365f73<20 bytes>5af43d5f5f3e5f3d91602a57fd5bf3.
const ERC7511 = /^365f5f375f5f365f73([0-9a-f]{40})5af43d5f5f3e5f3d91602a57fd5bf3$/;

/** The clone's implementation, or null when the code is not a minimal proxy. */
export function minimalProxyOf(code: Hex): MinimalProxy | null {
  const hex = code.slice(2).toLowerCase();
  if (hex.length > 2 * 64) return null;
  const seventy = ERC7511.exec(hex);
  if (seventy) return { kind: 'ERC-7511', implementation: getAddress(`0x${seventy[1]}`) };
  const m = EIP1167.exec(hex);
  if (!m) return null;
  const pushed = parseInt(m[1]!, 16) - 0x5f;
  const address = m[2]!;
  if (address.length !== pushed * 2) return null;
  // The revert branch's jump target: 0x2b for PUSH20, one byte less per byte not pushed.
  if (parseInt(m[3]!, 16) !== 0x2b - (20 - pushed)) return null;
  return { kind: 'EIP-1167', implementation: getAddress(`0x${address.padStart(40, '0')}`) };
}
