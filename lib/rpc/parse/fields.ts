/**
 * Field readers for the response parsers: each takes an `unknown` and the field's path, and
 * either returns the domain value or throws a FieldError naming the path
 * (`block.parentHash[1]: expected 32-byte hash, got "0x12"`). The hex rules are lib/protocol's
 * strict ones; every leniency towards real nodes is a separate, named reader here.
 *
 * Hashes and addresses come back lower-cased so that equality and Map keys work without care.
 */
import type { Address, Hash, Hex } from 'viem';
import { isAddress, isData, isHash, isQuantity, normalizeHex } from '@/lib/protocol/hex';
import type { BlockOrder, Triple } from '../domain';
import { StrataError } from '@/lib/protocol/errors';

/** A response field that fails validation. The transport turns it into InvalidResponseError. */
export class FieldError extends StrataError {
  override name = 'FieldError';
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
  }
}

const MAX_SHOWN = 80;

/** A short rendering of the offending value for the message. */
export function show(value: unknown): string {
  if (value === undefined) return 'nothing (field missing)';
  let text: string;
  try {
    text = typeof value === 'bigint' ? `${value}n` : JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

export function fail(path: string, expected: string, value: unknown): never {
  throw new FieldError(path, `expected ${expected}, got ${show(value)}`);
}

export type Reader<T> = (value: unknown, path: string) => T;

export function object(value: unknown, path: string): Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'an object', value);
  return value as Readonly<Record<string, unknown>>;
}

export function array<T>(value: unknown, path: string, item: Reader<T>): readonly T[] {
  if (!Array.isArray(value)) fail(path, 'an array', value);
  return value.map((v: unknown, i) => item(v, `${path}[${i}]`));
}

/** A [Prime, Region, Zone] array: exactly three entries. */
export function triple<T>(value: unknown, path: string, item: Reader<T>): Triple<T> {
  if (!Array.isArray(value) || value.length !== 3) fail(path, 'an array of 3 entries [prime, region, zone]', value);
  return [item(value[0], `${path}[0]`), item(value[1], `${path}[1]`), item(value[2], `${path}[2]`)];
}

export function nullable<T>(item: Reader<T>): Reader<T | null> {
  return (value, path) => (value === null ? null : item(value, path));
}

/** null or a missing field both read as null (nodes differ in omitting vs nulling). */
export function optionalNull<T>(item: Reader<T>): Reader<T | null> {
  return (value, path) => (value === null || value === undefined ? null : item(value, path));
}

export function optional<T>(item: Reader<T>): Reader<T | undefined> {
  return (value, path) => (value === undefined ? undefined : item(value, path));
}

export const quantity: Reader<bigint> = (value, path) => {
  if (!isQuantity(value)) fail(path, 'a hex quantity (0x-prefixed, no leading zeros)', value);
  return BigInt(value);
};

/** A quantity that must fit in a JS number (indexes, counts of small things). */
export const smallQuantity: Reader<number> = (value, path) => {
  const big = quantity(value, path);
  if (big > BigInt(Number.MAX_SAFE_INTEGER)) fail(path, 'a quantity below 2^53', value);
  return Number(big);
};

export const hash: Reader<Hash> = (value, path) => {
  if (!isHash(value)) fail(path, '32-byte hash', value);
  return value.toLowerCase() as Hash;
};

export const address: Reader<Address> = (value, path) => {
  if (!isAddress(value)) fail(path, '20-byte address', value);
  return value.toLowerCase() as Address;
};

export const data: Reader<Hex> = (value, path) => {
  if (!isData(value)) fail(path, 'hex data (0x-prefixed, even length)', value);
  return value.toLowerCase() as Hex;
};

export function dataOfLength(bytes: number): Reader<Hex> {
  return (value, path) => {
    if (!isData(value, bytes)) fail(path, `${bytes}-byte data`, value);
    return value.toLowerCase() as Hex;
  };
}

/** Hex data with or without `0x` (debug_getBlockRlp omits it); returned 0x-prefixed. */
export const looseData: Reader<Hex> = (value, path) => {
  if (typeof value !== 'string') fail(path, 'hex data', value);
  try {
    return normalizeHex(value);
  } catch {
    return fail(path, 'hex data (even number of hex digits, 0x optional)', value);
  }
};

export const boolean: Reader<boolean> = (value, path) => {
  if (typeof value !== 'boolean') fail(path, 'true or false', value);
  return value;
};

export const string: Reader<string> = (value, path) => {
  if (typeof value !== 'string') fail(path, 'a string', value);
  return value;
};

export const finiteNumber: Reader<number> = (value, path) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, 'a number', value);
  return value;
};

/**
 * A block's `order`: go-quai sends a JSON integer (not a Quantity); a hex quantity is accepted
 * as well so that a node that follows the spec's encoding rules is not rejected.
 */
export const blockOrder: Reader<BlockOrder> = (value, path) => {
  const n = typeof value === 'number' ? value : isQuantity(value) ? Number(BigInt(value)) : NaN;
  if (n !== 0 && n !== 1 && n !== 2) fail(path, 'an order of 0 (prime), 1 (region) or 2 (zone)', value);
  return n;
};

/** Reads `record[key]` with path `${path}.${key}`. */
export function field<T>(record: Readonly<Record<string, unknown>>, path: string, key: string, read: Reader<T>): T {
  return read(record[key], `${path}.${key}`);
}
