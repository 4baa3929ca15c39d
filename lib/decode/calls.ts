/**
 * A transaction's input as a function call, from the project's signature table
 * (lib/decode/signatures.ts) or from an ABI the reader supplies, which takes precedence.
 * Pure and browser-safe; never throws.
 */
import { parseAbi, toFunctionSelector, type Abi, type AbiFunction, type Hex } from 'viem';
import { canonicalType, decodeInput, type DecodedArgument } from './abi';
import { functionSelector } from './function-selector';
import { FUNCTION_SIGNATURES } from './signatures';

const TABLE_ABI: readonly AbiFunction[] = parseAbi(FUNCTION_SIGNATURES).filter(
  (item): item is AbiFunction => item.type === 'function',
);

/** selector → function, computed with keccak from the signature strings. */
const BY_SELECTOR = new Map<Hex, AbiFunction>(TABLE_ABI.map((fn) => [toFunctionSelector(fn), fn]));

export type DecodedCall =
  /** Plain value transfer: no input. */
  | { readonly kind: 'empty' }
  /** Input shorter than a selector. */
  | { readonly kind: 'short'; readonly data: Hex }
  /** A selector neither the table nor the reader's ABI knows. */
  | { readonly kind: 'unknown'; readonly selector: Hex }
  /** The selector is known but the arguments do not decode with it. */
  | { readonly kind: 'malformed'; readonly selector: Hex; readonly signature: string; readonly error: string }
  | {
      readonly kind: 'call';
      readonly selector: Hex;
      readonly functionName: string;
      /** e.g. `transfer(address,uint256)` */
      readonly signature: string;
      readonly args: readonly DecodedArgument[];
      /** Where the function came from: the project's table or the reader's ABI. */
      readonly source: 'table' | 'abi';
    };

/** The table's function for a selector, if any. */
export function knownFunction(selector: Hex): AbiFunction | undefined {
  return BY_SELECTOR.get(selector.toLowerCase() as Hex);
}

/** Every selector in the table with its signature (for docs and tests). */
export function signatureTable(): ReadonlyMap<Hex, AbiFunction> {
  return BY_SELECTOR;
}

function fromAbi(abi: readonly AbiFunction[] | Abi, data: Hex, source: 'table' | 'abi'): DecodedCall | undefined {
  const selector = data.slice(0, 10).toLowerCase() as Hex;
  const functions: readonly AbiFunction[] = (abi as Abi).filter((item): item is AbiFunction => item.type === 'function');
  const fn = functions.find((item) => functionSelector(item) === selector);
  if (!fn) return undefined;
  const result = decodeInput([fn], data);
  if (!result.ok) {
    const signature = `${fn.name}(${fn.inputs.map(canonicalType).join(',')})`;
    return { kind: 'malformed', selector, signature, error: result.error };
  }
  return { kind: 'call', selector, functionName: result.functionName, signature: result.signature, args: result.args, source };
}

/**
 * Decodes `data` as a call: with `abi` first when given (the reader's own), then the table.
 */
export function decodeCall(data: Hex, abi?: Abi): DecodedCall {
  if (data === '0x') return { kind: 'empty' };
  if (data.length < 10) return { kind: 'short', data };
  const selector = data.slice(0, 10).toLowerCase() as Hex;
  if (abi) {
    const own = fromAbi(abi, data, 'abi');
    if (own) return own;
  }
  const fn = BY_SELECTOR.get(selector);
  if (!fn) return { kind: 'unknown', selector };
  return fromAbi([fn], data, 'table') ?? { kind: 'unknown', selector };
}
