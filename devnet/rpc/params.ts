/**
 * Positional parameter readers for the RPC methods. Each failure is a -32602 that names the
 * argument's position and name ("invalid argument 0 (address): …"), so a caller can tell which
 * parameter was wrong without reading the devnet's source.
 */
import type { Address, Hex } from 'viem';
import { invalidParam, INVALID_PARAMS, RpcError } from './errors';

/** A default block parameter: a tag or a height on the serving chain. */
export type BlockTag = 'latest' | 'earliest' | 'pending' | bigint;

export class Params {
  constructor(readonly values: readonly unknown[]) {}

  /** Refuse extra arguments like geth ("too many arguments, want at most N"). */
  atMost(count: number): this {
    if (this.values.length > count) {
      throw new RpcError(INVALID_PARAMS, `too many arguments, want at most ${count}`);
    }
    return this;
  }

  private required(index: number, name: string): unknown {
    const value = this.values[index];
    if (value === undefined || value === null) {
      throw invalidParam(index, name, 'missing value for required argument');
    }
    return value;
  }

  has(index: number): boolean {
    return this.values[index] !== undefined && this.values[index] !== null;
  }

  hexString(index: number, name: string, value: unknown = this.required(index, name)): Hex {
    if (typeof value !== 'string') throw invalidParam(index, name, `expected a hex string, got ${typeof value}`);
    if (!/^0x/i.test(value)) throw invalidParam(index, name, 'hex string without 0x prefix');
    if (!/^0x[0-9a-fA-F]*$/.test(value)) throw invalidParam(index, name, 'invalid hex string');
    return value.toLowerCase() as Hex;
  }

  data(index: number, name: string, bytes?: number): Hex {
    const hex = this.hexString(index, name);
    if (hex.length % 2 !== 0) throw invalidParam(index, name, 'hex string of odd length');
    if (bytes !== undefined && hex.length !== 2 + bytes * 2) {
      throw invalidParam(index, name, `hex string has length ${(hex.length - 2) / 2} bytes, want ${bytes}`);
    }
    return hex;
  }

  /**
   * A storage slot or key, left-padded to 32 bytes. Like geth's decodeHash, odd lengths ("0x0")
   * are accepted; more than 32 bytes is not.
   */
  slot(index: number, name: string, value: unknown = this.required(index, name)): Hex {
    const hex = this.hexString(index, name, value);
    if (hex.length > 66) throw invalidParam(index, name, 'hex string too long, want at most 32 bytes');
    return `0x${hex.slice(2).padStart(64, '0')}`;
  }

  address(index: number, name = 'address'): Address {
    return this.data(index, name, 20) as Address;
  }

  hash(index: number, name = 'hash'): Hex {
    return this.data(index, name, 32);
  }

  quantity(index: number, name: string, value: unknown = this.required(index, name)): bigint {
    const hex = this.hexString(index, name, value);
    if (hex === '0x') throw invalidParam(index, name, 'hex string "0x"');
    if (hex.length > 3 && hex[2] === '0') throw invalidParam(index, name, 'hex number with leading zero digits');
    if (hex.length > 66) throw invalidParam(index, name, 'hex number > 256 bits');
    return BigInt(hex);
  }

  /** A Quantity that must fit a JS number (an index or a count). */
  smallQuantity(index: number, name: string): number {
    const value = this.quantity(index, name);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw invalidParam(index, name, 'number too large');
    return Number(value);
  }

  /** A plain JSON integer (debug_getBlockRlp's height). */
  integer(index: number, name: string): number {
    const value = this.required(index, name);
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      throw invalidParam(index, name, `expected a non-negative JSON integer, got ${JSON.stringify(value)}`);
    }
    return value;
  }

  boolean(index: number, name: string, fallback?: boolean): boolean {
    if (!this.has(index) && fallback !== undefined) return fallback;
    const value = this.required(index, name);
    if (typeof value !== 'boolean') throw invalidParam(index, name, `expected a boolean, got ${JSON.stringify(value)}`);
    return value;
  }

  string(index: number, name: string): string {
    const value = this.required(index, name);
    if (typeof value !== 'string') throw invalidParam(index, name, `expected a string, got ${typeof value}`);
    return value;
  }

  /** A block number or tag; `fallback` when the argument is optional and absent. */
  blockTag(index: number, name = 'blockNumber', fallback?: BlockTag): BlockTag {
    if (!this.has(index) && fallback !== undefined) return fallback;
    const value = this.required(index, name);
    if (value === 'latest' || value === 'earliest' || value === 'pending') return value;
    // geth also accepts "safe"/"finalized"; a PoW devnet has neither, so they read as latest.
    if (value === 'safe' || value === 'finalized') return 'latest';
    if (typeof value === 'object' && value !== null && 'blockNumber' in value) {
      return this.quantity(index, name, (value as { blockNumber: unknown }).blockNumber);
    }
    return this.quantity(index, name, value);
  }

  array(index: number, name: string): unknown[] {
    const value = this.required(index, name);
    if (!Array.isArray(value)) throw invalidParam(index, name, `expected an array, got ${typeof value}`);
    return value;
  }

  object(index: number, name: string): Record<string, unknown> {
    const value = this.required(index, name);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw invalidParam(index, name, 'expected an object');
    }
    return value as Record<string, unknown>;
  }
}
