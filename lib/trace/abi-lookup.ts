/**
 * The ABI a trace's frames are decoded with, by the address whose code ran (lib/trace/decode-frame.ts).
 * Made on the server (lib/server/tx/trace-abis.ts) for the addresses of one trace; a lookup
 * that knows none leaves decoding to the signature table. Browser-safe.
 */
import type { Abi, Address } from 'viem';

export type AbiLookup = (address: Address) => Abi | undefined;

export const NO_ABIS: AbiLookup = () => undefined;

/** A lookup over a map keyed by lower-case address. */
export function abiLookupOf(abis: ReadonlyMap<string, Abi>): AbiLookup {
  return (address) => abis.get(address.toLowerCase());
}
