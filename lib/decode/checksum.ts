/**
 * EIP-55 checksummed addresses, memoised. Checksumming costs a keccak per address, and the same
 * token contracts and holders recur in log after log, so an indexer decoding every log spends
 * most of its time here without the memo (npm run bench:decode). Bounded: cleared when full.
 */
import { getAddress, type Address } from 'viem';

const MAX = 100_000;
const memo = new Map<string, Address>();

/** `hex` is a 20-byte address in any case; the result is checksummed. */
export function checksummed(hex: string): Address {
  const key = hex.toLowerCase();
  let address = memo.get(key);
  if (address === undefined) {
    address = getAddress(key);
    if (memo.size >= MAX) memo.clear();
    memo.set(key, address);
  }
  return address;
}
