/**
 * Field-level helpers shared by the RLP codecs (header, transaction): go-ethereum's RLP rules
 * for integers (big-endian, no leading zero bytes, zero is the empty string) and typed reads of
 * decoded items with error messages that name the field. Decoding is strict on integers, as
 * go's rlp package is ("non-canonical integer"), so that decode(encode(x)) is the only reading.
 */
import type { Hex } from 'viem';
import { StrataError } from '@/lib/protocol/errors';

/** A decoded RLP item as viem's fromRlp returns it: a byte string or a list of items. */
export type RlpItem = Hex | readonly RlpItem[];

/** A non-negative integer as its RLP byte string: minimal big-endian bytes, `0x` for zero. */
export function uintToRlpBytes(value: bigint): Hex {
  if (value < 0n) throw new RangeError(`Negative integer cannot be RLP encoded: ${value}`);
  if (value === 0n) return '0x';
  const digits = value.toString(16);
  return `0x${digits.length % 2 === 0 ? digits : `0${digits}`}`;
}

export class RlpFieldError extends StrataError {
  override name = 'RlpFieldError';
}

export function expectBytes(item: RlpItem | undefined, field: string, length?: number): Hex {
  if (typeof item !== 'string') throw new RlpFieldError(`${field}: expected a byte string, found ${item === undefined ? 'nothing' : 'a list'}`);
  if (length !== undefined && item.length !== 2 + 2 * length) {
    throw new RlpFieldError(`${field}: expected ${length} bytes, found ${(item.length - 2) / 2}`);
  }
  return item;
}

export function expectUint(item: RlpItem | undefined, field: string): bigint {
  const bytes = expectBytes(item, field);
  if (bytes === '0x') return 0n;
  if (bytes.startsWith('0x00')) throw new RlpFieldError(`${field}: non-canonical integer (leading zero bytes)`);
  return BigInt(bytes);
}

export function expectList(item: RlpItem | undefined, field: string, length?: number): readonly RlpItem[] {
  if (!Array.isArray(item)) throw new RlpFieldError(`${field}: expected a list, found ${item === undefined ? 'nothing' : 'a byte string'}`);
  if (length !== undefined && item.length !== length) {
    throw new RlpFieldError(`${field}: expected a list of ${length} items, found ${item.length}`);
  }
  return item;
}
