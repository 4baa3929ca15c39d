/**
 * Entropy and block order: which levels (prime, region, zone) a mined block is coincident in,
 * and the entropy bookkeeping that headers carry (parentEntropy, parentDeltaS).
 *
 * All values are bigints in 64.64 fixed point ("bigBits"): 2^64·log2(x), as go-quai computes
 * them (consensus/blake3pow/poem.go, v0.20: IntrinsicLogS, CalcOrder, TotalLogS, DeltaLogS; the
 * log is mathutil.BinaryLog with 64 mantissa bits):
 *   S = 2^64·log2(⌊2^256/hash⌋)        intrinsic entropy of a block hash (go divides first, so do we)
 *   T = 2^64·log2(difficulty)          the zone threshold
 *   prime  if S > T + 2^64·log2(primeTarget)  and pΔS[1] + pΔS[2] + S > ⌊primeTarget/2⌋·T
 *   region if S > T + 2^64·log2(regionTarget) and pΔS[2] + S > ⌊regionTarget/2⌋·T
 *   else zone.  (The notes' 220 and 10 are ⌊441/2⌋ and ⌊21/2⌋; targets are configurable because
 *   the devnet mines with small demo targets.)
 * Release differences: v0.11-era nodes randomised the thresholds with the (JSON-invisible)
 * terminusHash and had no "S > T + log2(target)" condition, so for real-network blocks prefer the
 * node's reported `order`; calcOrder is exact for the notes' rule, which the devnet implements.
 * The genesis block (number 0) is order prime by definition; calcOrder does not special-case it.
 * go-quai takes T as IntrinsicLogS(2^256/difficulty), i.e. log2(⌊2^256/⌊2^256/d⌋⌋); that equals
 * log2(d) exactly for every d ≤ 2^128, far above any real difficulty.
 *
 * Precision of log2Fixed: the integer part is exact; the 64 fraction bits come from 64 squarings
 * of a 192-bit fixed-point mantissa, truncated each step. The accumulated relative error stays
 * below ~2^-120, so the result is floor(2^64·log2 x) exactly unless the true value lies within
 * ~2^-56 units of the last place of an integer (then it may be one unit low) — as go's BinaryLog,
 * which also truncates.
 *
 * Checked against: a real colosseum zone block (go-quai v0.11, public docs): its totalEntropy minus
 * parentEntropy[2] equals our S(hash) to the last unit, and calcOrder gives its order; log2 values
 * computed independently with Python's decimal module at 80 digits; hand-computed order cases; the
 * 1-in-21 region rate over pseudo-random hashes (entropy.test.ts).
 */
import type { Hex } from 'viem';

/** 0 prime, 1 region, 2 zone (go-quai's context numbers). */
export type Order = 0 | 1 | 2;

export const ONE = 1n << 64n; // 1.0 in 64.64 fixed point
const TWO_256 = 1n << 256n;
const PRECISION = 192n;

function bitLength(x: bigint): number {
  return x.toString(2).length;
}

/** floor(2^64·log2(x)) for an integer x ≥ 1 (see the precision note above). */
export function log2Fixed(x: bigint): bigint {
  if (x < 1n) throw new RangeError(`log2 of a non-positive number: ${x}`);
  const characteristic = BigInt(bitLength(x) - 1);
  // y = x / 2^characteristic in [1, 2), held with PRECISION fraction bits.
  const shift = PRECISION - characteristic;
  let y = shift >= 0n ? x << shift : x >> -shift;
  const two = 2n << PRECISION;
  let mantissa = 0n;
  for (let i = 0; i < 64; i++) {
    y = (y * y) >> PRECISION;
    mantissa <<= 1n;
    if (y >= two) {
      y >>= 1n;
      mantissa |= 1n;
    }
  }
  return (characteristic << 64n) | mantissa;
}

/** S = 2^64·log2(⌊2^256/hash⌋). A zero hash counts as 1 (go would divide by zero). */
export function intrinsicEntropy(hash: Hex | bigint): bigint {
  const h = typeof hash === 'bigint' ? hash : BigInt(hash);
  return log2Fixed(TWO_256 / (h > 0n ? h : 1n));
}

/** T = 2^64·log2(difficulty): the entropy a hash exactly at the PoW target has. */
export function entropyThreshold(difficulty: bigint): bigint {
  return log2Fixed(difficulty);
}

export interface OrderTargets {
  /** Zone blocks per region block (21 on the real network). */
  readonly region: number;
  /** Zone blocks per prime block (441 on the real network). */
  readonly prime: number;
}

export const DEFAULT_ORDER_TARGETS: OrderTargets = { region: 21, prime: 441 };

export type DeltaS = readonly [bigint, bigint, bigint];

/** The block's order from its hash, difficulty and parentDeltaS (module comment). */
export function calcOrder(hash: Hex | bigint, difficulty: bigint, parentDeltaS: DeltaS, targets: OrderTargets = DEFAULT_ORDER_TARGETS): Order {
  const s = intrinsicEntropy(hash);
  const t = entropyThreshold(difficulty);
  const primeTarget = BigInt(targets.prime);
  const regionTarget = BigInt(targets.region);
  if (s > t + log2Fixed(primeTarget) && parentDeltaS[1] + parentDeltaS[2] + s > (primeTarget / 2n) * t) return 0;
  if (s > t + log2Fixed(regionTarget) && parentDeltaS[2] + s > (regionTarget / 2n) * t) return 1;
  return 2;
}

/** parentEntropy[order] + the parentDeltaS entries below that level + S (go-quai TotalLogS). */
export function totalEntropy(order: Order, parentEntropy: DeltaS, parentDeltaS: DeltaS, s: bigint): bigint {
  let total = parentEntropy[order] + s;
  for (let level = order + 1; level <= 2; level++) total += parentDeltaS[level as Order];
  return total;
}

/**
 * The entropy a block has accumulated since its last coincidence at the level above it
 * (go-quai DeltaLogS): 0 for a prime block, pΔS[1] + pΔS[2] + S for a region block,
 * pΔS[2] + S for a zone block.
 */
export function deltaEntropy(order: Order, parentDeltaS: DeltaS, s: bigint): bigint {
  if (order === 0) return 0n;
  if (order === 1) return parentDeltaS[1] + parentDeltaS[2] + s;
  return parentDeltaS[2] + s;
}

export interface EntropyParent {
  readonly order: Order;
  readonly totalEntropy: bigint;
  readonly parentDeltaS: DeltaS;
  /** The parent's intrinsic entropy. */
  readonly s: bigint;
}

/**
 * What a child block built on `parent` in chain context `context` (0 prime, 1 region, 2 zone)
 * writes in its header at index `context`: parentEntropy[c] = the parent's total entropy;
 * parentDeltaS[c] = 0 when the parent is coincident above c (order < c) or c is prime, else the
 * parent's delta entropy.
 */
export function childEntropyFields(parent: EntropyParent, context: Order): { parentEntropy: bigint; parentDeltaS: bigint } {
  const parentDeltaS = context === 0 || parent.order < context ? 0n : deltaEntropy(parent.order, parent.parentDeltaS, parent.s);
  return { parentEntropy: parent.totalEntropy, parentDeltaS };
}
