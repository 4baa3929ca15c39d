/**
 * A revert's data in words: Solidity's `Error(string)` (a `require` or `revert` with a reason),
 * `Panic(uint256)` with what its code means, or a custom error by name with its arguments, decoded
 * with the ABI of the code that reverted when one is known (verified here, or attached by the
 * operator), else with the custom-error table (./error-signatures.ts), and saying which. Pure and
 * browser-safe; never throws on chain data.
 */
import { decodeAbiParameters, parseAbi, toFunctionSelector, type Abi, type Hex } from 'viem';
import { canonicalType, stringifyValue, type DecodedArgument } from './abi';
import { ERROR_SIGNATURES } from './error-signatures';

/**
 * Where an ABI comes from: the contract's verified source, the operator's labels (STRATA_LABELS),
 * or the signature database (lib/decode/signature-db) — `guessed` when several errors share the selector.
 */
export type AbiOrigin = 'verified' | 'attached' | 'database' | 'guessed';

export type RevertData =
  /** Nothing came back: a bare `revert()`, a `require` without reason, or an error that is not a revert. */
  | { readonly kind: 'empty' }
  | { readonly kind: 'reason'; readonly text: string }
  | { readonly kind: 'panic'; readonly code: bigint; readonly meaning: string | null }
  | {
      readonly kind: 'custom';
      readonly name: string;
      /** `Name(type,type)` */
      readonly signature: string;
      readonly args: readonly DecodedArgument[];
      readonly decodedWith: AbiOrigin | 'table';
    }
  /** Data that claims no selector anyone here knows, or does not decode with it. */
  | { readonly kind: 'undecoded'; readonly selector: Hex | null; readonly data: Hex };

export const ERROR_STRING_SELECTOR = '0x08c379a0';
export const PANIC_SELECTOR = '0x4e487b71';

/** Solidity's panic codes (docs.soliditylang.org, "Panic via assert and Error via require"). */
export const PANIC_CODES: Readonly<Record<string, string>> = {
  '0': 'generic compiler panic',
  '1': 'assertion failed',
  '17': 'arithmetic overflow or underflow',
  '18': 'division or modulo by zero',
  '33': 'conversion to an enum out of range',
  '34': 'incorrectly encoded storage byte array',
  '49': 'pop() on an empty array',
  '50': 'array index out of bounds',
  '65': 'too much memory allocated',
  '81': 'call to a zero-initialised internal function',
};

type AbiError = Extract<Abi[number], { readonly type: 'error' }>;

const errorSignature = (item: AbiError) => `${item.name}(${item.inputs.map(canonicalType).join(',')})`;

const TABLE: ReadonlyMap<string, AbiError> = new Map(
  parseAbi(ERROR_SIGNATURES)
    .filter((item): item is AbiError => item.type === 'error')
    .map((item) => [toFunctionSelector(errorSignature(item)), item]),
);

/** The table's error for a selector, if any. */
export function knownError(selector: Hex): AbiError | undefined {
  return TABLE.get(selector.toLowerCase());
}

function custom(item: AbiError, data: Hex, decodedWith: AbiOrigin | 'table'): RevertData | undefined {
  try {
    const values = decodeAbiParameters(item.inputs, `0x${data.slice(10)}`);
    const args = item.inputs.map((p, i): DecodedArgument => ({ name: p.name || `arg${i}`, type: canonicalType(p), value: stringifyValue(values[i]) }));
    return { kind: 'custom', name: item.name, signature: errorSignature(item), args, decodedWith };
  } catch {
    return undefined;
  }
}

/** `data` decoded; `abi` is the reverting code's, with where it came from. */
export function decodeRevertData(data: Hex, abi?: { readonly abi: Abi; readonly origin: AbiOrigin }): RevertData {
  if (data === '0x' || data.length < 2) return { kind: 'empty' };
  const selector = data.length >= 10 ? (data.slice(0, 10).toLowerCase() as Hex) : null;
  try {
    if (selector === ERROR_STRING_SELECTOR) {
      const [text] = decodeAbiParameters([{ type: 'string' }], `0x${data.slice(10)}`);
      return { kind: 'reason', text };
    }
    if (selector === PANIC_SELECTOR) {
      const [code] = decodeAbiParameters([{ type: 'uint256' }], `0x${data.slice(10)}`);
      return { kind: 'panic', code, meaning: PANIC_CODES[code.toString()] ?? null };
    }
  } catch {
    return { kind: 'undecoded', selector, data };
  }
  if (selector) {
    const own = abi?.abi.find((item): item is AbiError => item.type === 'error' && toFunctionSelector(errorSignature(item)) === selector);
    const decoded = (own && abi && custom(own, data, abi.origin)) ?? (knownError(selector) && custom(knownError(selector)!, data, 'table'));
    if (decoded) return decoded;
  }
  return { kind: 'undecoded', selector, data };
}

/** A panic as a reader reads it: "panic 0x11: arithmetic overflow or underflow". */
export function panicText(code: bigint, meaning: string | null): string {
  return `panic 0x${code.toString(16).padStart(2, '0')}${meaning ? `: ${meaning}` : ''}`;
}

/** A custom error as one line: `Shortfall(who=0x…, have=0, want=5)`. */
export function customErrorText(name: string, args: readonly DecodedArgument[]): string {
  return `${name}(${args.map((a) => `${a.name}=${a.value}`).join(', ')})`;
}
