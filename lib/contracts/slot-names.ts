/**
 * Names for storage slots whose meaning is fixed by a standard rather than by a contract's
 * source: the EIP-1967 proxy slots (implementation, admin, beacon) and EIP-1822's UUPS slot.
 * The State changes tab names these wherever they change; slots of a verified contract's own
 * storage layout can be named by a lookup handed in beside this one (see `nameSlot`).
 *
 * Computed from their definitions, not pasted: EIP-1967 slots are
 * bytes32(uint256(keccak256(label)) - 1), EIP-1822's is keccak256("PROXIABLE").
 * Pure and browser-safe.
 */
import { keccak256, numberToHex, stringToBytes, type Hex } from 'viem';

export interface SlotName {
  /** What the slot holds, e.g. "EIP-1967 implementation". */
  readonly name: string;
  /** Where the name comes from, shown on hover: the standard or the verified layout. */
  readonly source: string;
  /** The slot holds an address in its low 20 bytes (so the value can be drawn as one). */
  readonly holdsAddress: boolean;
}

const eip1967 = (label: string): Hex => numberToHex(BigInt(keccak256(stringToBytes(label))) - 1n, { size: 32 });

const KNOWN: ReadonlyMap<string, SlotName> = new Map([
  [eip1967('eip1967.proxy.implementation'), { name: 'EIP-1967 implementation', source: 'EIP-1967: the proxy’s logic contract', holdsAddress: true }],
  [eip1967('eip1967.proxy.admin'), { name: 'EIP-1967 admin', source: 'EIP-1967: who may upgrade the proxy', holdsAddress: true }],
  [eip1967('eip1967.proxy.beacon'), { name: 'EIP-1967 beacon', source: 'EIP-1967: the beacon that names the implementation', holdsAddress: true }],
  [keccak256(stringToBytes('PROXIABLE')), { name: 'EIP-1822 logic (UUPS)', source: 'EIP-1822: the proxiable contract’s logic address', holdsAddress: true }],
]);

/** A lookup of slot names for one contract (a verified storage layout), when one is known. */
export type SlotNamer = (slot: Hex) => SlotName | undefined;

/** The slot as 32 bytes of lower-case hex, however the node spelled it (geth pads; some do not). */
export function normalSlot(slot: Hex): Hex {
  return numberToHex(BigInt(slot), { size: 32 });
}

/** The standard name of `slot`, else the contract's own (`layout`), else undefined. */
export function nameSlot(slot: Hex, layout?: SlotNamer): SlotName | undefined {
  const normal = normalSlot(slot);
  return KNOWN.get(normal) ?? layout?.(normal);
}
