/**
 * A verified ABI and where it came from, as the pages use it: the contract's own verified source,
 * or — for an EIP-1967 proxy whose implementation slot was proven against a state root — its
 * implementation's. Browser-safe (read contract draws it) and pure: the tx page, the address page
 * and their tests share `decodeCallWith` and `originText`.
 */
import type { Abi, Address, Hex } from 'viem';
import { functionSelector } from '@/lib/decode/function-selector';
import { decodeCall, type DecodedCall } from '@/lib/decode/calls';
import { decodeLogWithAbi, type AbiDecodedLog } from '@/lib/decode/abi-events';
import type { LogInput } from '@/lib/decode/events';

/** How a proxy other than EIP-1967's reaches the code it runs. */
export type ProxyVia =
  /** EIP-1167 or ERC-7511 minimal proxy: the implementation is written in the proxy's code. */
  | { readonly standard: 'EIP-1167' | 'ERC-7511'; readonly proxy: Address }
  /** EIP-1967 beacon proxy: the beacon slot proven; the implementation as the beacon's implementation() answers. */
  | { readonly standard: 'beacon'; readonly proxy: Address; readonly beacon: Address }
  /** EIP-2535 Diamond: the facet the loupe (facets()) names for these functions. */
  | { readonly standard: 'diamond'; readonly proxy: Address };

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
    }
  /** The verified source of another contract whose runtime code is this one's but for the metadata hash. */
  | { readonly kind: 'similar'; readonly address: Address; readonly matchKind: 'full' | 'partial' }
  /** The verified source of the code a clone, beacon proxy or Diamond runs. */
  | { readonly kind: 'delegate'; readonly via: ProxyVia; readonly address: Address; readonly matchKind: 'full' | 'partial'; readonly block: string }
  /**
   * Functions read from runtime code (`address`'s; through `via` when a proxy runs it), named from the
   * signature database where a signature fits (`named` of `total`), by selector otherwise;
   * `guessed`: selectors several signatures fit, with the others.
   */
  | {
      readonly kind: 'bytecode';
      readonly address: Address;
      readonly via: ProxyVia | null;
      readonly named: number;
      readonly total: number;
      readonly guessed: Readonly<Record<string, readonly string[]>>;
    }
  /** A signature of the database for a selector no ABI here declares; `guessed`: the other signatures that fit too. */
  | { readonly kind: 'database'; readonly guessed: readonly string[] };

export interface VerifiedAbi {
  readonly abi: Abi;
  readonly origin: AbiOrigin;
}

const PROXY_NAME: Record<ProxyVia['standard'], string> = {
  'EIP-1167': 'EIP-1167 minimal proxy',
  'ERC-7511': 'ERC-7511 minimal proxy',
  beacon: 'EIP-1967 beacon proxy',
  diamond: 'EIP-2535 Diamond',
};

function viaText(via: ProxyVia): string {
  if (via.standard === 'beacon') return `the implementation its beacon ${via.beacon} names (beacon slot proven; implementation() as the beacon answers it)`;
  if (via.standard === 'diamond') return 'the facet its loupe names for each function';
  return 'the implementation written in its code';
}

/** Whether calls with this ABI go through a proxy to other code. */
export function throughProxy(origin: AbiOrigin): boolean {
  return origin.kind === 'implementation' || origin.kind === 'delegate' || (origin.kind === 'bytecode' && origin.via !== null);
}

/** One line saying where an ABI came from, for the page beside what it decoded. */
export function originText(origin: AbiOrigin): string {
  const match = 'matchKind' in origin ? (origin.matchKind === 'full' ? 'full match' : 'partial match') : '';
  switch (origin.kind) {
    case 'own':
      return `ABI from this contract's verified source (${match})`;
    case 'implementation':
      return `ABI from the verified source of its EIP-1967 implementation ${origin.address} (${match}; implementation slot proven at block #${origin.block})`;
    case 'similar':
      return `ABI from the verified source of ${origin.address}, whose runtime code is this contract's but for the metadata hash (similar match; its ${match})`;
    case 'delegate':
      return `ABI from the verified source of ${origin.address}, which this ${PROXY_NAME[origin.via.standard]} runs: ${viaText(origin.via)} (${match}; read at block #${origin.block})`;
    case 'bytecode': {
      const whose = origin.via ? `of ${origin.address}, which this ${PROXY_NAME[origin.via.standard]} runs (${viaText(origin.via)})` : "of this contract";
      const guessed = Object.keys(origin.guessed).length;
      return `Functions read from the runtime code ${whose}, not from a verified source: ${origin.named} of ${origin.total} named from Strata's signature database${guessed > 0 ? ` (${guessed} guessed: other signatures share the selector)` : ''}, the others by selector`;
    }
    case 'database':
      return origin.guessed.length > 0
        ? `Guessed from Strata's signature database: ${origin.guessed.length + 1} signatures share this selector (also ${origin.guessed.join(', ')}); not from a verified source`
        : "Named from Strata's signature database, not from a verified source";
  }
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
      const knows = abi.some((item) => item.type === 'function' && functionSelector(item) === selector);
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
