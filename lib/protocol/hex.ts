/**
 * Strict validators and converters for the two hex encodings of the JSON-RPC interface
 * (spec 2.1): Quantity (0x-prefixed, no leading zeros, `0x0` for zero) and Data (0x-prefixed,
 * two digits per byte). These are deliberately strict: tolerating what real nodes emit is the
 * RPC client's job, so that a lenient reading is a visible decision there rather than a default.
 *
 * Checked against: the spec's rules (2.1) and the Ethereum JSON-RPC conventions they copy
 * (`0x` is not a Quantity, `0x0400` is not a Quantity, `0x` is empty Data); see hex.test.ts.
 */
import type { Address, Hex } from 'viem';

const QUANTITY_RE = /^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/;
const DATA_RE = /^0x([0-9a-fA-F]{2})*$/;

/** A Quantity: `0x` then hex digits without leading zeros; zero is `0x0`. Either letter case. */
export function isQuantity(value: unknown): value is Hex {
  return typeof value === 'string' && QUANTITY_RE.test(value);
}

/** Data: `0x` then an even number of hex digits; with `bytes`, exactly that many bytes. */
export function isData(value: unknown, bytes?: number): value is Hex {
  if (typeof value !== 'string' || !DATA_RE.test(value)) return false;
  return bytes === undefined || value.length === 2 + 2 * bytes;
}

/** A 32-byte Data value (block hashes, transaction hashes, roots). */
export function isHash(value: unknown): value is Hex {
  return isData(value, 32);
}

/**
 * A 20-byte Data value. Unlike viem's isAddress this does not enforce an EIP-55 checksum on
 * mixed-case input: Quai addresses are not consistently checksummed by nodes or wallets.
 */
export function isAddress(value: unknown): value is Address {
  return isData(value, 20);
}

/** A strict Quantity to bigint; throws on anything `isQuantity` rejects. */
export function quantityToBigInt(value: string): bigint {
  if (!isQuantity(value)) throw new TypeError(`Not a Quantity: ${JSON.stringify(value)}`);
  return BigInt(value);
}

/** A non-negative integer as a Quantity (`0x0`, `0x1a`). Numbers must be safe integers. */
export function toQuantity(value: bigint | number): Hex {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    throw new RangeError(`Not a safe integer: ${value}`);
  }
  const big = BigInt(value);
  if (big < 0n) throw new RangeError(`A Quantity cannot be negative: ${big}`);
  return `0x${big.toString(16)}`;
}

/** Accepts hex with or without `0x` (debug_getBlockRlp omits it) and returns it 0x-prefixed, lower case. */
export function normalizeHex(value: string): Hex {
  const body = value.startsWith('0x') || value.startsWith('0X') ? value.slice(2) : value;
  if (!/^([0-9a-fA-F]{2})*$/.test(body)) throw new TypeError('Not an even-length hex string');
  return `0x${body.toLowerCase()}`;
}
