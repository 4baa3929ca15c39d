/**
 * Functions known only by their selector. A function read from runtime code whose name no ABI
 * or database gives is still callable and decodable: its argument types come from the code, and
 * its name is its selector (`0xa9059cbb`), which no Solidity identifier can be. Everything that
 * hashes a function's signature to find its selector goes through `functionSelector`, so such a
 * function keeps the selector it was read with. Pure and browser-safe.
 */
import { concatHex, encodeAbiParameters, toFunctionSelector, type AbiFunction, type Hex } from 'viem';

const SELECTOR_NAME = /^0x[0-9a-f]{8}$/;

/** A function whose name is its selector: read from bytecode, no name known. */
export function isSelectorNamed(fn: Pick<AbiFunction, 'name'>): boolean {
  return SELECTOR_NAME.test(fn.name);
}

/** The 4-byte selector, lower-case: the name itself for a function known only by it. */
export function functionSelector(fn: AbiFunction): Hex {
  return isSelectorNamed(fn) ? (fn.name as Hex) : (toFunctionSelector(fn).toLowerCase() as Hex);
}

/** Calldata: the selector, then the arguments ABI-encoded (viem's encodeFunctionData, without hashing a name). */
export function encodeFunctionCall(fn: AbiFunction, args: readonly unknown[]): Hex {
  return concatHex([functionSelector(fn), fn.inputs.length === 0 ? '0x' : encodeAbiParameters(fn.inputs, args)]);
}
