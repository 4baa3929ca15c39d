/**
 * One call frame of a trace in words: its input as a function call and its output as that
 * function's return values, or, for a frame that reverted, the reason (Solidity's `Error(string)`,
 * a `Panic(uint256)` code, or a custom error the contract's ABI declares). The ABI is the one of
 * the code that ran (a frame's `to`, also for a DELEGATECALL); without one the signature table
 * (lib/decode/signatures.ts) decodes what it knows. Pure and browser-safe; never throws.
 */
import { decodeAbiParameters, decodeFunctionResult, toFunctionSelector, type Abi, type AbiFunction, type Hex } from 'viem';
import { decodeCall, knownFunction, type DecodedCall } from '@/lib/decode/calls';
import { canonicalType, stringifyValue, type DecodedArgument } from '@/lib/decode/abi';
import type { CallFrame } from './types';

export type FrameInput =
  | DecodedCall
  /** A CREATE's input is init code, not a call. */
  | { readonly kind: 'init-code'; readonly bytes: number };

export type FrameOutput =
  /** Nothing came back (a plain transfer, a function without return values, a failure without data). */
  | { readonly kind: 'none' }
  /** Return values decoded with the function's outputs. */
  | { readonly kind: 'returned'; readonly values: readonly DecodedArgument[] }
  /** A CREATE's output: the code it deployed. */
  | { readonly kind: 'deployed'; readonly bytes: number }
  /** A revert whose data says why: the reason string, the panic, or a declared custom error. */
  | { readonly kind: 'reason'; readonly text: string; readonly source: 'Error(string)' | 'Panic(uint256)' | 'custom error' | 'the node' }
  /** Bytes no known function or error decodes. */
  | { readonly kind: 'raw'; readonly data: Hex };

export interface FrameDecoding {
  readonly input: FrameInput;
  readonly output: FrameOutput;
}

const ERROR_STRING = '0x08c379a0';
const PANIC = '0x4e487b71';

/** Solidity's panic codes (docs.soliditylang.org, "Panic via assert and Error via require"). */
const PANIC_CODES: Readonly<Record<string, string>> = {
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

/** `Name(type,type)`: what an error's selector is the hash of, as for a function. */
const signatureOf = (item: AbiError) => `${item.name}(${item.inputs.map(canonicalType).join(',')})`;

const isCreate = (frame: CallFrame) => frame.type === 'CREATE' || frame.type === 'CREATE2';
const byteLength = (hex: Hex) => Math.max(0, (hex.length - 2) / 2);

function functionOf(input: Hex, abi: Abi | undefined): AbiFunction | undefined {
  if (input.length < 10) return undefined;
  const selector = input.slice(0, 10).toLowerCase();
  const own = abi?.find((item): item is AbiFunction => item.type === 'function' && toFunctionSelector(item) === selector);
  return own ?? knownFunction(selector as Hex);
}

/** A revert's data as a reason, when it carries one this page can read. */
export function revertReasonOf(data: Hex, abi?: Abi): FrameOutput | undefined {
  const selector = data.slice(0, 10).toLowerCase();
  try {
    if (selector === ERROR_STRING) {
      const [text] = decodeAbiParameters([{ type: 'string' }], `0x${data.slice(10)}`);
      return { kind: 'reason', text, source: 'Error(string)' };
    }
    if (selector === PANIC) {
      const [code] = decodeAbiParameters([{ type: 'uint256' }], `0x${data.slice(10)}`);
      const meaning = PANIC_CODES[code.toString()];
      return { kind: 'reason', text: `panic 0x${code.toString(16)}${meaning ? `: ${meaning}` : ''}`, source: 'Panic(uint256)' };
    }
    const error = abi?.find((item): item is AbiError => item.type === 'error' && toFunctionSelector(signatureOf(item)) === selector);
    if (error) {
      const values = decodeAbiParameters(error.inputs, `0x${data.slice(10)}`);
      const args = error.inputs.map((p, i) => `${p.name || `arg${i}`}=${stringifyValue(values[i])}`).join(', ');
      return { kind: 'reason', text: `${error.name}(${args})`, source: 'custom error' };
    }
  } catch {
    // Data that claims a selector but does not decode: shown raw below.
  }
  return undefined;
}

function outputOf(frame: CallFrame, fn: AbiFunction | undefined, abi: Abi | undefined): FrameOutput {
  const data = frame.output;
  if (frame.error) {
    const decoded = data && data !== '0x' ? revertReasonOf(data, abi) : undefined;
    if (decoded) return decoded;
    if (frame.revertReason) return { kind: 'reason', text: frame.revertReason, source: 'the node' };
    return data && data !== '0x' ? { kind: 'raw', data } : { kind: 'none' };
  }
  if (!data || data === '0x') return { kind: 'none' };
  if (isCreate(frame)) return { kind: 'deployed', bytes: byteLength(data) };
  if (fn && fn.outputs.length > 0) {
    try {
      const result: unknown = decodeFunctionResult({ abi: [fn], functionName: fn.name, data });
      const values = fn.outputs.length === 1 ? [result] : (result as readonly unknown[]);
      return {
        kind: 'returned',
        values: fn.outputs.map((p, i) => ({ name: p.name || `out${i}`, type: canonicalType(p), value: stringifyValue(values[i]) })),
      };
    } catch {
      // The function is known but these bytes are not its return values.
    }
  }
  return { kind: 'raw', data };
}

/** The frame's input and output in words, with the ABI of the code it ran when one is known. */
export function decodeFrame(frame: CallFrame, abi?: Abi): FrameDecoding {
  if (isCreate(frame)) return { input: { kind: 'init-code', bytes: byteLength(frame.input) }, output: outputOf(frame, undefined, abi) };
  return { input: decodeCall(frame.input, abi), output: outputOf(frame, functionOf(frame.input, abi), abi) };
}
