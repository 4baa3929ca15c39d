/**
 * Block-page figures that need more than lib/text/format.ts: entropy in bits, the gas ratio, and
 * byte strings shown as text. Pure functions, tested beside this file.
 */
import type { Hex } from 'viem';

const TWO_64 = 1n << 64n;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Entropy values are fixed-point bits with 64 fractional bits (S = 2^64·log2(2^256/hash), see
 * the protocol notes), so value / 2^64 is "bits of work". Two decimals, truncated, with grouping.
 */
export function entropyBits(value: bigint): string {
  if (value < 0n) return `-${entropyBits(-value)}`;
  const whole = value / TWO_64;
  const hundredths = ((value % TWO_64) * 100n) / TWO_64;
  return `${groupThousands(whole.toString())}.${hundredths.toString().padStart(2, '0')} bits`;
}

/** gasUsed / gasLimit as a percentage with two decimals, truncated ("42.17%"); "—" for a zero limit. */
export function gasRatio(used: bigint, limit: bigint): string {
  if (limit <= 0n) return '—';
  const basisPoints = (used * 10_000n) / limit;
  return `${basisPoints / 100n}.${(basisPoints % 100n).toString().padStart(2, '0')}%`;
}

function hexToBytes(hex: Hex): Uint8Array | undefined {
  const body = hex.slice(2);
  if (body.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(body)) return undefined;
  const bytes = new Uint8Array(body.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(body.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * The bytes as UTF-8 text when they are valid UTF-8 and every character is printable (tabs and
 * newlines allowed); undefined otherwise, so binary data is never shown as mojibake.
 */
export function printableText(hex: Hex): string | undefined {
  const bytes = hexToBytes(hex);
  if (!bytes || bytes.length === 0) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  // Control characters (C0 except \t \n \r, DEL, C1) and lone format characters mean "binary".
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]/.test(text)) return undefined;
  return text;
}

/** The byte count of 0x hex data. */
export function byteLength(hex: Hex): number {
  return Math.floor((hex.length - 2) / 2);
}
