/**
 * Runtime code read as opcodes, the little the explorer asks of it without an analyser: whether a
 * contract can DELEGATECALL at all (a contract that cannot is no proxy, so no loupe is asked).
 * PUSH data is skipped; the CBOR metadata tail is not code and is left out. Pure.
 */
import type { Hex } from 'viem';
import { metadataLength } from '@/lib/contracts/bytecode-match';

const DELEGATECALL = 0xf4;

export function canDelegateCall(code: Hex): boolean {
  const hex = code.slice(2);
  const end = hex.length / 2 - metadataLength(code);
  for (let i = 0; i < end; i++) {
    const op = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
    if (op === DELEGATECALL) return true;
    // PUSH1 (0x60) … PUSH32 (0x7f) carry 1 … 32 bytes of data.
    if (op >= 0x60 && op <= 0x7f) i += op - 0x5f;
  }
  return false;
}
