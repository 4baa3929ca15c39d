/**
 * The 2048-bit logs bloom of Ethereum's yellow paper (go-quai kept it): for the address and each
 * topic, three bits chosen by the low 11 bits of the first three byte pairs of its keccak256.
 */
import { bytesToHex, hexToBytes, keccak256, type Hex } from 'viem';
import type { LogRecord } from './api';

export function addToBloom(bloom: Uint8Array, value: Hex): void {
  const hash = hexToBytes(keccak256(value));
  for (let i = 0; i < 6; i += 2) {
    const bit = (((hash[i] ?? 0) << 8) | (hash[i + 1] ?? 0)) & 2047;
    // Bit 0 is the least significant bit of the last byte (big-endian 2048-bit number).
    const byteIndex = 255 - Math.floor(bit / 8);
    bloom[byteIndex] = (bloom[byteIndex] ?? 0) | (1 << (bit % 8));
  }
}

export function logsBloom(logs: readonly LogRecord[]): Hex {
  const bloom = new Uint8Array(256);
  for (const log of logs) {
    addToBloom(bloom, log.address);
    for (const topic of log.topics) addToBloom(bloom, topic);
  }
  return bytesToHex(bloom);
}

/** OR of several blooms (a block's bloom from its receipts'). */
export function mergeBlooms(blooms: readonly Hex[]): Hex {
  const out = new Uint8Array(256);
  for (const b of blooms) {
    const bytes = hexToBytes(b);
    for (let i = 0; i < 256; i++) out[i] = (out[i] ?? 0) | (bytes[i] ?? 0);
  }
  return bytesToHex(out);
}
