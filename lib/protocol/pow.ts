/**
 * Proof of work over the blake3 block hash (protocol notes: "Proof of work holds when
 * hash ≤ 2^256 / difficulty"): the target, the check, a nonce search for the devnet's miner, and
 * the seal verdict the block page shows.
 *
 * The verdict is deliberately three-way. A hash recomputed from JSON fields proves something only
 * when it equals the reported hash: go-quai's header layout changed across releases (v0.11 had a
 * terminusHash that JSON does not show; later releases hash with progpow), so a mismatch means
 * "cannot be checked here", never "forged". Only a matching hash above the target is invalid.
 *
 * Checked against: header.ts's blockHash; pow.test.ts mines at low difficulty, verifies, and
 * tampers with the nonce and with a field; two real v0.11 headers (public docs) meet their targets
 * and come out "unverifiable" (their layout has a terminusHash), not "invalid".
 */
import { blake3 } from '@noble/hashes/blake3.js';
import { bytesToHex, hexToBytes, type Hex } from 'viem';
import { blockHash, sealHash, type HeaderFields } from './header';

const TWO_256 = 1n << 256n;
const NONCE_SPACE = 1n << 64n;

/** 2^256 / difficulty (integer division). */
export function powTarget(difficulty: bigint): bigint {
  if (difficulty <= 0n) throw new RangeError(`Difficulty must be positive, got ${difficulty}`);
  return TWO_256 / difficulty;
}

/** hash ≤ 2^256 / difficulty. */
export function meetsTarget(hash: Hex, difficulty: bigint): boolean {
  return BigInt(hash) <= powTarget(difficulty);
}

export function nonceToHex(nonce: bigint): Hex {
  return `0x${(((nonce % NONCE_SPACE) + NONCE_SPACE) % NONCE_SPACE).toString(16).padStart(16, '0')}`;
}

export interface MineOptions {
  /** First nonce tried (default 0); wraps around at 2^64. */
  readonly startNonce?: bigint;
  /** How many nonces to try before giving up (default 2^20). */
  readonly maxIterations?: number;
}

export interface MinedHeader {
  readonly header: HeaderFields;
  readonly hash: Hex;
}

/**
 * Searches nonces from `startNonce` for one whose block hash meets the header's difficulty.
 * The seal hash is computed once; each try is one blake3 of 40 bytes (nonce ‖ sealHash). Returns undefined when
 * `maxIterations` nonces fail, so a caller can yield to its event loop and resume.
 */
export function mineNonce(header: HeaderFields, options: MineOptions = {}): MinedHeader | undefined {
  const target = powTarget(header.difficulty);
  const max = options.maxIterations ?? 1 << 20;
  // One 40-byte buffer, nonce ‖ sealHash: only the nonce bytes change between tries, and the
  // hash is compared as bytes against the 32-byte target (hex and bigint only on success).
  const input = new Uint8Array(40);
  input.set(hexToBytes(sealHash(header)), 8);
  const view = new DataView(input.buffer);
  const targetBytes = target >= TWO_256 ? undefined : hexToBytes(`0x${target.toString(16).padStart(64, '0')}`);
  let nonce = (((options.startNonce ?? 0n) % NONCE_SPACE) + NONCE_SPACE) % NONCE_SPACE;
  for (let i = 0; i < max; i++) {
    view.setBigUint64(0, nonce);
    const hash = blake3(input);
    if (!targetBytes || compareBytes(hash, targetBytes) <= 0) {
      return { header: { ...header, nonce: nonceToHex(nonce) }, hash: bytesToHex(hash) };
    }
    nonce = nonce + 1n === NONCE_SPACE ? 0n : nonce + 1n;
  }
  return undefined;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i]! !== b[i]!) return a[i]! < b[i]! ? -1 : 1;
  }
  return 0;
}

export type SealVerdict =
  | { readonly status: 'verified'; readonly recomputedHash: Hex; readonly target: bigint }
  | { readonly status: 'unverifiable'; readonly reason: string; readonly recomputedHash: Hex }
  | { readonly status: 'invalid'; readonly reason: string };

/**
 * Recomputes the block hash from the header fields and judges the seal. `hash` is the hash the
 * node reported (null for a pending block).
 */
export function verifySeal(header: HeaderFields & { readonly hash: Hex | null }): SealVerdict {
  const recomputedHash = blockHash(header);
  if (header.hash === null) {
    return { status: 'unverifiable', reason: 'The block is pending: it has no hash or nonce yet.', recomputedHash };
  }
  if (recomputedHash.toLowerCase() !== header.hash.toLowerCase()) {
    return {
      status: 'unverifiable',
      reason:
        `The hash recomputed from the header fields (${recomputedHash}) differs from the reported hash. ` +
        'The header layout differs across node releases (v0.11 headers include a terminusHash that ' +
        'JSON does not show; later releases use progpow), so the seal cannot be checked from these fields.',
      recomputedHash,
    };
  }
  if (header.difficulty <= 0n) return { status: 'invalid', reason: 'The block declares a difficulty of zero.' };
  const target = powTarget(header.difficulty);
  if (BigInt(recomputedHash) > target) {
    return {
      status: 'invalid',
      reason: `The block hash is above the proof-of-work target 2^256/${header.difficulty}: the nonce does not satisfy the difficulty.`,
    };
  }
  return { status: 'verified', recomputedHash, target };
}
