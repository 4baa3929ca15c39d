/**
 * What a reader typed for a function's parameter, checked against its ABI type and turned into
 * what viem encodes: addresses of 20 bytes (a mixed-case one must carry its checksum), integers in
 * their type's range, bytesN of exactly N bytes, bytes of whole bytes, booleans, arrays (a fixed
 * length checked) and tuples, the last two as JSON. Every refusal is a sentence naming the
 * parameter. Pure and browser-safe: the Write and Read contract forms validate as the reader types.
 */
import { isAddress, type AbiParameter } from 'viem';

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

const ARRAY = /^(.*)\[(\d*)\]$/;
const INTEGER = /^(u?)int(\d*)$/;
const FIXED_BYTES = /^bytes(\d+)$/;

class InputError extends Error {}

/** Whether a parameter's field takes JSON (arrays and tuples) rather than plain text. */
export function takesJson(type: string): boolean {
  return ARRAY.test(type) || type === 'tuple';
}

/** The placeholder of a parameter's field: its type, or an example of the JSON it takes. */
export function placeholderOf(param: AbiParameter): string {
  if (ARRAY.test(param.type)) return `JSON array, e.g. ${param.type.startsWith('address') ? '["0x…"]' : '["1","2"]'}`;
  if (param.type === 'tuple') return 'JSON array or object of its fields';
  if (param.type === 'bool') return 'true or false';
  return param.type;
}

/** The range of an integer type: [min, max]. */
export function integerRange(type: string): readonly [bigint, bigint] | null {
  const match = INTEGER.exec(type);
  if (!match) return null;
  const bits = match[2] ? Number(match[2]) : 256;
  if (bits < 8 || bits > 256 || bits % 8 !== 0) return null;
  return match[1] === 'u' ? [0n, 2n ** BigInt(bits) - 1n] : [-(2n ** BigInt(bits - 1)), 2n ** BigInt(bits - 1) - 1n];
}

function scalarText(value: unknown, path: string, type: string): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new InputError(`${path} is missing or not a ${type}.`);
}

function coerce(param: AbiParameter, value: unknown, path: string): unknown {
  const { type } = param;
  const array = ARRAY.exec(type);
  if (array) {
    if (!Array.isArray(value)) throw new InputError(`${path} must be a JSON array (${type}).`);
    const length = array[2] ? Number(array[2]) : null;
    if (length !== null && value.length !== length) throw new InputError(`${path} must have exactly ${length} items (${type}); it has ${value.length}.`);
    const inner = { ...param, type: array[1] } as AbiParameter;
    return value.map((v, i) => coerce(inner, v, `${path}[${i}]`));
  }
  if (type === 'tuple') {
    const components = 'components' in param ? param.components : [];
    if (Array.isArray(value)) {
      if (value.length !== components.length) throw new InputError(`${path} must have ${components.length} fields; it has ${value.length}.`);
      return components.map((c, i) => coerce(c, value[i], `${path}.${c.name || i}`));
    }
    if (typeof value === 'object' && value !== null) {
      const fields = value as Record<string, unknown>;
      return Object.fromEntries(components.map((c, i) => [c.name ?? String(i), coerce(c, fields[c.name ?? String(i)], `${path}.${c.name || i}`)]));
    }
    throw new InputError(`${path} must be a JSON array or object of its ${components.length} fields.`);
  }
  const text = scalarText(value, path, type);
  const range = integerRange(type);
  if (range) {
    if (!/^-?\d+$/.test(text) && !/^0x[0-9a-fA-F]+$/.test(text)) throw new InputError(`${path} must be a whole number (decimal, or 0x hex) for ${type}; got “${text}”.`);
    const n = BigInt(text);
    if (n < range[0] || n > range[1]) throw new InputError(`${path} must be from ${range[0]} to ${range[1]} for ${type}; ${text} is out of range.`);
    return n;
  }
  if (type === 'bool') {
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
    throw new InputError(`${path} must be true or false; got “${text}”.`);
  }
  if (type === 'address') {
    if (!/^0x[0-9a-fA-F]{40}$/.test(text)) throw new InputError(`${path} must be an address: 0x and 40 hex digits; got “${text}”.`);
    // All lower or all upper case carries no checksum; mixed case must be the address's own (EIP-55).
    if (!isAddress(text, { strict: true })) throw new InputError(`${path} has mixed case that is not its checksum: a typo? Check it, or write it in lower case.`);
    return text;
  }
  const fixed = FIXED_BYTES.exec(type);
  if (fixed || type === 'bytes') {
    if (!/^0x([0-9a-fA-F]{2})*$/.test(text)) throw new InputError(`${path} must be 0x and whole bytes of hex for ${type}; got “${text}”.`);
    const bytes = (text.length - 2) / 2;
    if (fixed && bytes !== Number(fixed[1])) throw new InputError(`${path} must be exactly ${fixed[1]} bytes (${Number(fixed[1]) * 2} hex digits) for ${type}; it has ${bytes}.`);
    return text;
  }
  if (type === 'string') return typeof value === 'string' ? value : text;
  throw new InputError(`${path} has type ${type}, which this form cannot encode.`);
}

/** One parameter from its field's text: arrays and tuples as JSON, everything else plain text. */
export function parseAbiInput(param: AbiParameter, text: string, index: number): Checked<unknown> {
  const path = param.name || `argument ${index + 1}`;
  try {
    if (takesJson(param.type)) {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return { ok: false, error: `${path} (${param.type}) must be JSON, e.g. ${param.type === 'tuple' ? '["1","0x…"]' : '["1","2"]'}.` };
      }
      return { ok: true, value: coerce(param, json, path) };
    }
    return { ok: true, value: coerce(param, text, path) };
  } catch (error) {
    if (error instanceof InputError) return { ok: false, error: error.message };
    throw error;
  }
}
