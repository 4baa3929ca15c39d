/**
 * A verified ABI and where it came from, as the pages use it: the contract's own verified source,
 * or — for an EIP-1967 proxy whose implementation slot was proven against a state root — its
 * implementation's. Browser-safe (read contract draws it) and pure: the tx page, the address page
 * and their tests share `decodeCallWith` and `originText`.
 */
import { toFunctionSelector, type Abi, type Address, type Hex } from 'viem';
import { decodeCall, type DecodedCall } from '@/lib/decode/calls';
import { decodeLogWithAbi, type AbiDecodedLog } from '@/lib/decode/abi-events';
import type { LogInput } from '@/lib/decode/events';

export type AbiOrigin =
  | { readonly kind: 'own'; readonly address: Address; readonly matchKind: 'full' | 'partial' }
  | {
      readonly kind: 'implementation';
      readonly proxy: Address;
      /** Whose verified source the ABI is: the address in the proxy's implementation slot. */
      readonly address: Address;
      readonly matchKind: 'full' | 'partial';
      /** The block whose state root the slot was proven against (decimal). */
      readonly block: string;
    };

export interface VerifiedAbi {
  readonly abi: Abi;
  readonly origin: AbiOrigin;
}

/** One line saying where an ABI came from, for the page beside what it decoded. */
export function originText(origin: AbiOrigin): string {
  const match = origin.matchKind === 'full' ? 'full match' : 'partial match';
  return origin.kind === 'own'
    ? `ABI from this contract's verified source (${match})`
    : `ABI from the verified source of its EIP-1967 implementation ${origin.address} (${match}; implementation slot proven at block #${origin.block})`;
}

export type VerifiedCall = { readonly call: DecodedCall; readonly origin: AbiOrigin | null };

/**
 * Input decoded with the first verified ABI that knows its selector (own before implementation),
 * else with the signature table (origin null).
 */
export function decodeCallWith(abis: readonly VerifiedAbi[], input: Hex): VerifiedCall {
  if (input.length >= 10) {
    const selector = input.slice(0, 10).toLowerCase();
    for (const { abi, origin } of abis) {
      const knows = abi.some((item) => item.type === 'function' && toFunctionSelector(item) === selector);
      // With the selector in this ABI, decodeCall answers from it: a call, or why it does not decode.
      if (knows) return { call: decodeCall(input, abi), origin };
    }
  }
  return { call: decodeCall(input), origin: null };
}

export type VerifiedLog = { readonly decoded: Exclude<AbiDecodedLog, { kind: 'no-match' }>; readonly origin: AbiOrigin };

/** A log decoded with the emitter's verified ABIs, or null when none declares its event. */
export function decodeLogWith(abis: readonly VerifiedAbi[], log: LogInput): VerifiedLog | null {
  for (const { abi, origin } of abis) {
    const decoded = decodeLogWithAbi(abi, log);
    if (decoded.kind !== 'no-match') return { decoded, origin };
  }
  return null;
}
