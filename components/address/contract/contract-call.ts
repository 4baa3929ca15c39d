/**
 * The contract forms' logic: turn what the reader typed (raw calldata, or an ABI function and
 * its arguments as text, each checked by lib/contracts/abi-input.ts) into calldata with viem, and
 * decode what `call` returned. Runs in the browser; pure, so it is tested without one. Every
 * failure is a message for the reader.
 */
import { decodeFunctionResult, isHex, toFunctionSignature, type Abi, type AbiFunction, type Hex } from 'viem';
import { parseAbiInput } from '@/lib/contracts/abi-input';
import { encodeFunctionCall, isSelectorNamed } from '@/lib/decode/function-selector';

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

export interface DecodedValue {
  readonly name: string;
  readonly type: string;
  /** Display text: integers in decimal, bytes in hex, tuples and arrays as JSON. */
  readonly value: string;
}

function errorText(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'shortMessage' in error && typeof error.shortMessage === 'string') {
    return error.shortMessage;
  }
  if (error instanceof Error) return error.message.split('\n')[0] ?? error.message;
  return String(error);
}

/** Functions of an ABI, read-only ones (view/pure) first: those are what people come to read. */
export function callableFunctions(abi: Abi): AbiFunction[] {
  const fns = abi.filter((item): item is AbiFunction => item.type === 'function');
  const readOnly = (f: AbiFunction) => f.stateMutability === 'view' || f.stateMutability === 'pure';
  return [...fns.filter(readOnly), ...fns.filter((f) => !readOnly(f))];
}

/** A stable id for a function, distinguishing overloads: `balanceOf(address)`. */
export function functionId(fn: AbiFunction): string {
  return toFunctionSignature(fn);
}

/** Raw calldata as typed: 0x-prefixed, an even number of hex digits. Empty means "0x". */
export function parseCalldata(text: string): Result<Hex> {
  const t = text.trim().replace(/\s+/g, '');
  if (t === '' || t === '0x') return { ok: true, value: '0x' };
  const withPrefix = t.startsWith('0x') || t.startsWith('0X') ? `0x${t.slice(2)}` : `0x${t}`;
  if (!isHex(withPrefix, { strict: true })) return { ok: false, error: 'Calldata must be hex (0-9, a-f).' };
  if (withPrefix.length % 2 !== 0) return { ok: false, error: 'Calldata must have an even number of hex digits (whole bytes).' };
  return { ok: true, value: withPrefix.toLowerCase() as Hex };
}

/** Calldata for `fn` with arguments typed as text, one per input. */
export function encodeCall(fn: AbiFunction, argTexts: readonly string[]): Result<Hex> {
  if (argTexts.length !== fn.inputs.length) {
    return { ok: false, error: `${fn.name} takes ${fn.inputs.length} argument(s); got ${argTexts.length}.` };
  }
  const args: unknown[] = [];
  for (const [i, param] of fn.inputs.entries()) {
    const parsed = parseAbiInput(param, argTexts[i] ?? '', i);
    if (!parsed.ok) return parsed;
    args.push(parsed.value);
  }
  try {
    // Encode against this one item so an overloaded name cannot pick the wrong function.
    return { ok: true, value: encodeFunctionCall(fn, args) };
  } catch (error) {
    return { ok: false, error: errorText(error) };
  }
}

function display(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/** Return data whose types are unknown, as the 32-byte words it is made of (a short tail as it is). */
function rawWords(data: Hex): DecodedValue[] {
  const hex = data.slice(2);
  const words: DecodedValue[] = [];
  for (let i = 0; i < hex.length; i += 64) words.push({ name: `word ${i / 64}`, type: 'bytes32 (type unknown)', value: `0x${hex.slice(i, i + 64)}` });
  return words;
}

/** Decodes `call`'s return data with the function's outputs. */
export function decodeCallResult(fn: AbiFunction, data: Hex): Result<DecodedValue[]> {
  // A function read from bytecode alone has no known return types: its answer as 32-byte words.
  if (fn.outputs.length === 0 && isSelectorNamed(fn)) return { ok: true, value: rawWords(data) };
  if (fn.outputs.length === 0) return { ok: true, value: [] };
  if (data === '0x') {
    return { ok: false, error: 'The call returned no data: the address may have no code, or no function with this selector.' };
  }
  try {
    const decoded: unknown = decodeFunctionResult({ abi: [fn], functionName: fn.name, data });
    const values: readonly unknown[] = fn.outputs.length === 1 ? [decoded] : (decoded as readonly unknown[]);
    return {
      ok: true,
      value: fn.outputs.map((out, i) => ({ name: out.name || `output${i}`, type: out.type, value: display(values[i]) })),
    };
  } catch (error) {
    return { ok: false, error: `The result does not decode as ${fn.outputs.map((o) => o.type).join(', ')}: ${errorText(error)}` };
  }
}
