/**
 * The read-contract form's logic: turn what the reader typed (raw calldata, or an ABI function and
 * its arguments as text) into calldata with viem, and decode what `call` returned. Runs in the
 * browser; pure, so it is tested without one. Every failure is a message for the reader.
 */
import {
  decodeFunctionResult,
  encodeFunctionData,
  isAddress,
  isHex,
  toFunctionSignature,
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Hex,
} from 'viem';

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

function isArrayType(type: string): boolean {
  return /\[\d*\]$/.test(type);
}

/** Converts a JSON-ish value to what viem expects for `param`, recursively for arrays and tuples. */
function coerce(param: AbiParameter, value: unknown, path: string): unknown {
  const { type } = param;
  if (isArrayType(type)) {
    if (!Array.isArray(value)) throw new Error(`${path} must be a JSON array for type ${type}.`);
    const inner = { ...param, type: type.replace(/\[\d*\]$/, '') } as AbiParameter;
    return value.map((v, i) => coerce(inner, v, `${path}[${i}]`));
  }
  if (type === 'tuple') {
    const components = 'components' in param ? param.components : [];
    if (Array.isArray(value)) return components.map((c, i) => coerce(c, value[i], `${path}.${c.name || i}`));
    if (typeof value === 'object' && value !== null) {
      const obj = value as Record<string, unknown>;
      return Object.fromEntries(components.map((c, i) => [c.name ?? String(i), coerce(c, obj[c.name ?? String(i)], `${path}.${c.name || i}`)]));
    }
    throw new Error(`${path} must be a JSON array or object for a tuple.`);
  }
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
  if (text === undefined) throw new Error(`${path} is missing or not a ${type}.`);
  if (/^u?int\d*$/.test(type)) {
    if (!/^-?\d+$/.test(text) && !/^0x[0-9a-fA-F]+$/.test(text)) throw new Error(`${path} must be an integer (decimal or 0x hex) for ${type}; got "${text}".`);
    return BigInt(text);
  }
  if (type === 'bool') {
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
    throw new Error(`${path} must be true or false; got "${text}".`);
  }
  if (type === 'address') {
    if (!isAddress(text, { strict: false })) throw new Error(`${path} must be a 20-byte 0x address; got "${text}".`);
    return text.toLowerCase();
  }
  if (/^bytes\d*$/.test(type)) {
    if (!isHex(text, { strict: true }) || text.length % 2 !== 0) throw new Error(`${path} must be 0x hex bytes for ${type}; got "${text}".`);
    return text;
  }
  return text; // string
}

/** One argument from its text field: arrays and tuples are JSON, everything else plain text. */
function parseArgument(param: AbiParameter, text: string, index: number): unknown {
  const path = param.name || `argument ${index + 1}`;
  if (isArrayType(param.type) || param.type === 'tuple') {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`${path} (${param.type}) must be JSON, e.g. ["1","2"].`);
    }
    return coerce(param, json, path);
  }
  return coerce(param, text, path);
}

/** Calldata for `fn` with arguments typed as text, one per input. */
export function encodeCall(fn: AbiFunction, argTexts: readonly string[]): Result<Hex> {
  if (argTexts.length !== fn.inputs.length) {
    return { ok: false, error: `${fn.name} takes ${fn.inputs.length} argument(s); got ${argTexts.length}.` };
  }
  try {
    const args = fn.inputs.map((p, i) => parseArgument(p, argTexts[i] ?? '', i));
    // Encode against this one item so an overloaded name cannot pick the wrong function.
    return { ok: true, value: encodeFunctionData({ abi: [fn], functionName: fn.name, args }) };
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

/** Decodes `call`'s return data with the function's outputs. */
export function decodeCallResult(fn: AbiFunction, data: Hex): Result<DecodedValue[]> {
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
