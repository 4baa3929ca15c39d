/**
 * The difficulty a zone block must have, computed from its parent and grandparent headers alone
 * (go-quai's `CalcDifficulty`: the parent's difficulty, the parent's and grandparent's timestamps,
 * whether the parent has uncles): the devnet mines by it and the evidence verifier recomputes it.
 * Pure and browser-safe.
 *
 * Two rules, each with its network's parameters (./network-rules.ts picks them by chain id):
 *
 * - `strata-devnet`, go-quai v0.13–v0.16's shape (consensus/blake3pow/consensus.go) —
 *     diff = parent_diff + parent_diff / boundDivisor · max((2 if parent has uncles else 1) − Δt / durationLimit, −99)
 *   — in milliseconds and without the floor division, because the devnet's target (1.5 s) is finer
 *   than the header's one-second timestamps:
 *     step = (2 if parent has uncles else 1) · D − 1000 · Δt          (ms; Δt = parent.time − grandparent.time, s)
 *     step = max(step, −maxDown · max(D, 1000))                         (the clamp: go-quai's −99, tightened)
 *     diff = max(parent_diff + ⌊parent_diff · step / (D · boundDivisor)⌋, minimum)
 *   Floored timestamps lose nothing on average (the differences telescope), so a linear step settles
 *   where the mean interval is D (a little over with uncles: they count as blocks, as in Byzantium).
 *   The clamp bounds what one slow block can take off (3/16 at the devnet's parameters): a stalled
 *   zone loses at most that per block, and never goes below `minimum`, so it cannot run away to
 *   dozens of blocks a second once it recovers. It is relative to max(D, 1 s) so that a devnet
 *   whose target is far below a second (a bench's 15 ms) can still sit at its minimum.
 *
 * - `go-quai`, v0.17 to v0.28 (the same in blake3pow and progpow; tag v0.20.0) —
 *     diff = max(parent_diff + ⌊⌊⌊(DL − Δt) · parent_diff · ⌊log2 parent_diff⌋ / DL⌋ / factor⌋ / period⌋, minimum)
 *   with Go's big.Int.Div, which floors (Euclidean division by a positive divisor); JavaScript's
 *   bigint `/` truncates, hence floorDiv.
 *
 * Both give the parent's difficulty to a child of the genesis block and to its grandchild (go-quai:
 * the grandparent's timestamp is the network's fixed genesis time, unrelated to mining).
 */
import type { Hex } from 'viem';
import { EMPTY_UNCLE_HASH } from './trie-root';

export interface StrataDevnetRule {
  readonly kind: 'strata-devnet';
  /** D: the target time between blocks, in milliseconds. */
  readonly durationLimitMs: bigint;
  readonly boundDivisor: bigint;
  /** The clamp: a step is at least −maxDown · max(D, 1 s). */
  readonly maxDown: bigint;
  readonly minimum: bigint;
}

export interface GoQuaiRule {
  readonly kind: 'go-quai';
  /** DL, in seconds. */
  readonly durationLimit: bigint;
  readonly adjustmentFactor: bigint;
  readonly adjustmentPeriod: bigint;
  readonly minimum: bigint;
}

export type DifficultyRule = StrataDevnetRule | GoQuaiRule;

/** What the rule reads of a header. */
export interface RetargetHeader {
  /** Height in the zone. */
  readonly number: bigint;
  readonly difficulty: bigint;
  /** Seconds. */
  readonly timestamp: bigint;
  readonly sha3Uncles: Hex;
}

/** ⌊a / b⌋ for b > 0 (Go's big.Int.Div), where bigint's `/` truncates towards zero. */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

/** ⌊log2 x⌋ for x ≥ 1 (mathutil.BinaryLog's characteristic). */
function log2Floor(x: bigint): bigint {
  return BigInt(x.toString(2).length - 1);
}

const hasUncles = (h: RetargetHeader) => h.sha3Uncles.toLowerCase() !== EMPTY_UNCLE_HASH;

/**
 * The difficulty of the child of `parent`, whose own parent is `grandparent` (needed unless the
 * parent is the genesis block).
 */
export function calcDifficulty(rule: DifficultyRule, parent: RetargetHeader, grandparent: Pick<RetargetHeader, 'number' | 'timestamp'> | undefined): bigint {
  if (parent.number === 0n) return parent.difficulty;
  if (!grandparent) throw new Error(`the difficulty after block ${parent.number} needs its parent's header`);
  if (grandparent.number === 0n) return parent.difficulty;
  const dt = parent.timestamp - grandparent.timestamp;
  let next: bigint;
  if (rule.kind === 'strata-devnet') {
    const d = rule.durationLimitMs;
    let step = (hasUncles(parent) ? 2n : 1n) * d - 1000n * dt;
    const floor = -rule.maxDown * (d > 1000n ? d : 1000n);
    if (step < floor) step = floor;
    next = parent.difficulty + floorDiv(parent.difficulty * step, d * rule.boundDivisor);
  } else {
    const x = (rule.durationLimit - dt) * parent.difficulty * log2Floor(parent.difficulty);
    next = parent.difficulty + floorDiv(floorDiv(floorDiv(x, rule.durationLimit), rule.adjustmentFactor), rule.adjustmentPeriod);
  }
  return next < rule.minimum ? rule.minimum : next;
}

/** The rule in one line, for a report. */
export function describeRule(rule: DifficultyRule): string {
  if (rule.kind === 'strata-devnet') {
    const d = Number(rule.durationLimitMs) / 1000;
    return (
      `parent difficulty + parent difficulty × max((2 if the parent has uncles, else 1) × ${d} s − (parent time − grandparent time), ` +
      `−${rule.maxDown} × ${Math.max(d, 1)} s) / (${d} s × ${rule.boundDivisor}), at least ${rule.minimum}`
    );
  }
  return (
    `parent difficulty + (${rule.durationLimit} − (parent time − grandparent time)) × parent difficulty × ⌊log2 parent difficulty⌋ / ` +
    `${rule.durationLimit} / ${rule.adjustmentFactor} / ${rule.adjustmentPeriod}, at least ${rule.minimum}`
  );
}
