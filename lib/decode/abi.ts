/**
 * Decoding a transaction's input with an ABI the reader pastes in: the transaction page's
 * "decode input" box. Pure and framework-free so it runs in the browser and in tests.
 *
 * Accepted ABI forms, because people paste whatever their tooling gave them:
 *   - a JSON ABI array (`[{"type":"function",…}]`),
 *   - a JSON artifact with an `abi` field (Hardhat, Foundry, Truffle),
 *   - human-readable signatures, one per line (`function transfer(address to, uint256 amount)`).
 * Every failure comes back as a message meant for the reader, never as a thrown error.
 */
import {
  decodeAbiParameters,
  parseAbi,
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Hex,
} from 'viem';
import { functionSelector } from './function-selector';

export type ParsedAbi = { ok: true; abi: Abi } | { ok: false; error: string };

export interface DecodedArgument {
  readonly name: string;
  readonly type: string;
  /** The value as display text: integers in decimal, bytes in hex, tuples/arrays as JSON. */
  readonly value: string;
}

export type DecodedInput =
  | {
      ok: true;
      functionName: string;
      /** e.g. `transfer(address,uint256)` */
      signature: string;
      selector: Hex;
      args: readonly DecodedArgument[];
    }
  | { ok: false; error: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorText(error: unknown): string {
  if (isRecord(error) && typeof error.shortMessage === 'string') return error.shortMessage;
  if (error instanceof Error) return error.message.split('\n')[0] ?? error.message;
  return String(error);
}

/** Checks the shape viem relies on: an array of objects each with a string `type`. */
function checkAbiArray(value: unknown): ParsedAbi {
  if (!Array.isArray(value)) return { ok: false, error: 'The ABI must be a JSON array (or an object with an "abi" array).' };
  for (const [i, item] of value.entries()) {
    if (!isRecord(item)) return { ok: false, error: `ABI entry ${i} is not an object.` };
    if (typeof item.type !== 'string') return { ok: false, error: `ABI entry ${i} has no "type".` };
    if (item.type === 'function') {
      if (typeof item.name !== 'string') return { ok: false, error: `ABI entry ${i} is a function without a "name".` };
      if (!Array.isArray(item.inputs)) return { ok: false, error: `ABI function "${item.name}" has no "inputs" array.` };
    }
  }
  if (!value.some((item: Record<string, unknown>) => item.type === 'function')) {
    return { ok: false, error: 'The ABI has no functions, so there is nothing to decode input data with.' };
  }
  return { ok: true, abi: value as Abi };
}

/** Parses pasted ABI text. */
export function parseAbiText(text: string): ParsedAbi {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, error: 'Paste an ABI first.' };
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch (error) {
      return { ok: false, error: `Invalid ABI JSON: ${errorText(error)}` };
    }
    if (isRecord(json)) {
      if (!('abi' in json)) return { ok: false, error: 'The JSON is an object without an "abi" field; paste the ABI array.' };
      return checkAbiArray(json.abi);
    }
    return checkAbiArray(json);
  }
  const lines = trimmed
    .split('\n')
    .map((l) => l.trim().replace(/;$/, ''))
    .filter((l) => l.length > 0);
  try {
    return checkAbiArray(parseAbi(lines));
  } catch (error) {
    return { ok: false, error: `Could not read the signatures: ${errorText(error)}` };
  }
}

/** A decoded value as display text: integers in decimal, bytes in hex, tuples and arrays as JSON. */
export function stringifyValue(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/** The type as it appears in a signature: tuples spelled out as `(t1,t2)`. */
export function canonicalType(param: AbiParameter): string {
  if (param.type.startsWith('tuple') && 'components' in param) {
    return `(${param.components.map(canonicalType).join(',')})${param.type.slice('tuple'.length)}`;
  }
  return param.type;
}

/** Decodes `data` (a transaction's input) with a parsed ABI (a function known only by its selector included: ./function-selector.ts). */
export function decodeInput(abi: Abi, data: Hex): DecodedInput {
  if (data === '0x' || data.length < 10) {
    return { ok: false, error: 'The input is shorter than a 4-byte function selector: there is no call to decode.' };
  }
  const selector = data.slice(0, 10).toLowerCase() as Hex;
  const fn = abi.find((item): item is AbiFunction => item.type === 'function' && functionSelector(item) === selector);
  if (!fn) return { ok: false, error: `No function in this ABI has the selector ${selector}.` };
  let values: readonly unknown[];
  try {
    values = decodeAbiParameters(fn.inputs, `0x${data.slice(10)}`);
  } catch (error) {
    return { ok: false, error: `The selector ${selector} matches the ABI but the arguments do not decode: ${errorText(error)}` };
  }
  const args = values.map((value, i): DecodedArgument => {
    const param = fn.inputs[i];
    return {
      name: param?.name || `arg${i}`,
      type: param ? canonicalType(param) : 'unknown',
      value: stringifyValue(value),
    };
  });
  return {
    ok: true,
    functionName: fn.name,
    signature: `${fn.name}(${fn.inputs.map(canonicalType).join(',')})`,
    selector,
    args,
  };
}

/** Parse then decode, the one call the UI makes. */
export function decodeInputWithAbiText(abiText: string, data: Hex): DecodedInput {
  const parsed = parseAbiText(abiText);
  if (!parsed.ok) return parsed;
  return decodeInput(parsed.abi, data);
}
