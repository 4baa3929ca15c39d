/** Reading a stored row's columns into domain values, refusing what the index would not have written. */
import { isChainName, type ChainName } from '@/lib/protocol/chains';
import type { Hash } from '@/lib/rpc/domain';
import type { Row } from '../../drivers/db';
import { StrataError } from '@/lib/protocol/errors';

/** A stored row that is not what the index wrote (a damaged or foreign database). */
export class IndexRowError extends StrataError {
  override name = 'IndexRowError';
}

export function text(row: Row, key: string): string {
  const value = row[key];
  if (typeof value !== 'string') throw new IndexRowError(`index row: ${key} is ${value === null ? 'null' : typeof value}, expected text`);
  return value;
}
export function optionalText(row: Row, key: string): string | null {
  return row[key] === null || row[key] === undefined ? null : text(row, key);
}
export function integer(row: Row, key: string): number {
  const n = Number(row[key]);
  if (!Number.isSafeInteger(n)) throw new IndexRowError(`index row: ${key} is not an integer`);
  return n;
}
export function big(row: Row, key: string): bigint {
  const value = text(row, key);
  if (!/^\d+$/.test(value)) throw new IndexRowError(`index row: ${key} is not a decimal integer`);
  return BigInt(value);
}
export function optionalBig(row: Row, key: string): bigint | null {
  return optionalText(row, key) === null ? null : big(row, key);
}
export function chainName(value: string | null, key: string): ChainName | null {
  if (value === null) return null;
  if (!isChainName(value)) throw new IndexRowError(`index row: ${key} "${value}" is not a chain`);
  return value;
}

/** Where a transfer row stands: chain, block (number, hash, time) and transaction, from the columns the transfer readers select. */
export interface RowPlace {
  readonly chain: ChainName;
  readonly blockNumber: bigint;
  readonly blockHash: Hash;
  readonly timestamp: bigint;
  readonly txHash: Hash;
}

export function placeOf(row: Row): RowPlace {
  return {
    chain: chainName(text(row, 'chain'), 'chain') as ChainName,
    blockNumber: big(row, 'block_number'),
    blockHash: text(row, 'block_hash') as Hash,
    timestamp: big(row, 'timestamp'),
    txHash: text(row, 'tx_hash') as Hash,
  };
}
