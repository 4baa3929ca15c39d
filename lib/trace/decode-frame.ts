/**
 * One call frame of a trace in words: its input as a function call and its output as that
 * function's return values, or, for a frame that reverted, the reason (Solidity's `Error(string)`,
 * a `Panic(uint256)` code, or a custom error the contract's ABI or the error table declares). The
 * ABI is the one of the code that ran (a frame's `to`, also for a DELEGATECALL); without one the
 * signature tables (lib/decode/signatures.ts, error-signatures.ts) decode what they know. Pure and
 * browser-safe; never throws.
 */
import { decodeFunctionResult, toFunctionSelector, type Abi, type AbiFunction, type Hex } from 'viem';
import { decodeCall, knownFunction, type DecodedCall } from '@/lib/decode/calls';
import { canonicalType, stringifyValue, type DecodedArgument } from '@/lib/decode/abi';
import { customErrorText, decodeRevertData, panicText, type AbiOrigin } from '@/lib/decode/revert-data';
import type { CallFrame } from '@/lib/rpc/trace-types';

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
  | {
      readonly kind: 'reason';
      readonly text: string;
      readonly source: 'Error(string)' | 'Panic(uint256)' | 'custom error' | 'the node';
      /** A custom error's: the ABI it was decoded with (the code's verified or attached one) or the table. */
      readonly decodedWith?: AbiOrigin | 'table';
    }
  /** Bytes no known function or error decodes. */
  | { readonly kind: 'raw'; readonly data: Hex };

export interface FrameDecoding {
  readonly input: FrameInput;
  readonly output: FrameOutput;
}

const isCreate = (frame: CallFrame) => frame.type === 'CREATE' || frame.type === 'CREATE2';
const byteLength = (hex: Hex) => Math.max(0, (hex.length - 2) / 2);

function functionOf(input: Hex, abi: Abi | undefined): AbiFunction | undefined {
  if (input.length < 10) return undefined;
  const selector = input.slice(0, 10).toLowerCase();
  const own = abi?.find((item): item is AbiFunction => item.type === 'function' && toFunctionSelector(item) === selector);
  return own ?? knownFunction(selector as Hex);
}

/** A revert's data as a reason, when it carries one this page can read (lib/decode/revert-data.ts). */
export function revertReasonOf(data: Hex, abi?: Abi, origin: AbiOrigin = 'verified'): FrameOutput | undefined {
  const decoded = decodeRevertData(data, abi ? { abi, origin } : undefined);
  switch (decoded.kind) {
    case 'reason':
      return { kind: 'reason', text: decoded.text, source: 'Error(string)' };
    case 'panic':
      return { kind: 'reason', text: panicText(decoded.code, decoded.meaning), source: 'Panic(uint256)' };
    case 'custom':
      return { kind: 'reason', text: customErrorText(decoded.name, decoded.args), source: 'custom error', decodedWith: decoded.decodedWith };
    default:
      return undefined;
  }
}

function outputOf(frame: CallFrame, fn: AbiFunction | undefined, abi: Abi | undefined, origin?: AbiOrigin): FrameOutput {
  const data = frame.output;
  if (frame.error) {
    const decoded = data && data !== '0x' ? revertReasonOf(data, abi, origin) : undefined;
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

/** The frame's input and output in words, with the ABI of the code it ran when one is known (and where that ABI comes from). */
export function decodeFrame(frame: CallFrame, abi?: Abi, origin?: AbiOrigin): FrameDecoding {
  if (isCreate(frame)) return { input: { kind: 'init-code', bytes: byteLength(frame.input) }, output: outputOf(frame, undefined, abi, origin) };
  return { input: decodeCall(frame.input, abi), output: outputOf(frame, functionOf(frame.input, abi), abi, origin) };
}
