/** Raw transaction results: hex data, or null / `0x` (geth's empty bytes) when not found. */
import type { Hex } from 'viem';
import { data } from './fields';

export function rawOrNull(value: unknown): Hex | null {
  if (value === null) return null;
  const raw = data(value, 'rawTransaction');
  // No transaction encodes to zero bytes: `0x` is the node's "nothing here".
  return raw === '0x' ? null : raw;
}
