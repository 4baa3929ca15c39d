/**
 * The ABI a trace's frames are decoded with, by the address whose code ran (lib/trace/decode-frame.ts),
 * and where it comes from (the contract's verified source, or attached by the operator's labels).
 * Made on the server (lib/server/tx/trace-abis.ts) for the addresses of one trace; a lookup
 * that knows none leaves decoding to the signature tables. Browser-safe.
 */
import type { Abi, Address } from 'viem';
import type { AbiOrigin } from '@/lib/decode/revert-data';

export type AbiLookup = (address: Address) => Abi | undefined;

export type AbiOriginLookup = (address: Address) => AbiOrigin | undefined;

export const NO_ABIS: AbiLookup = () => undefined;

export const NO_ORIGINS: AbiOriginLookup = () => undefined;

/** A lookup over a map keyed by lower-case address. */
export function abiLookupOf(abis: ReadonlyMap<string, Abi>): AbiLookup {
  return (address) => abis.get(address.toLowerCase());
}

/** Both lookups over one map of ABIs with their origins, keyed by lower-case address. */
export function abiBookOf(abis: ReadonlyMap<string, { readonly abi: Abi; readonly origin: AbiOrigin }>): { readonly abiOf: AbiLookup; readonly originOf: AbiOriginLookup } {
  return { abiOf: (address) => abis.get(address.toLowerCase())?.abi, originOf: (address) => abis.get(address.toLowerCase())?.origin };
}
