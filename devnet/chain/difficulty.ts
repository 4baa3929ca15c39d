/**
 * Difficulty retargeting for the devnet's zones. Each zone miner hashes at a throttled, roughly
 * constant rate (so the devnet stays cheap on a shared machine); the difficulty follows the
 * observed block interval towards the target, like go-ethereum/go-quai's rule does with
 * timestamps, but on wall-clock milliseconds because the target (~1.5 s) is finer than the
 * header's one-second timestamps.
 *
 * Why the asymmetric clamp: block intervals are exponentially distributed. Clamping the step at
 * ±1 (Homestead's -99 floor is far away at its 10 s target but not at ours) makes slow blocks
 * count less than fast ones, and the equilibrium settles where m(1 − e^(−2/m)) = 1, i.e. blocks
 * about 26% slower than the target. With the slow side clamped at −3 the same equation
 * m(1 − e^(−4/m)) = 1 gives m ≈ 1.02: within 2% of the target on average.
 */

/** Never below this: a block must still take real work to find. */
export const MIN_DIFFICULTY = 16n;
/** Step: at most +1/16 (fast block) or −3/16 (very slow block) of the difficulty per block. */
const ADJUSTMENT_DIVISOR = 16n;
const MAX_UP = 1;
const MAX_DOWN = -3;

export function nextDifficulty(parentDifficulty: bigint, intervalMs: number, targetMs: number): bigint {
  if (!(intervalMs > 0) || !(targetMs > 0)) return parentDifficulty < MIN_DIFFICULTY ? MIN_DIFFICULTY : parentDifficulty;
  // (target − interval) / target, scaled to 1/1000: positive when the block came too fast.
  const ratio = Math.max(MAX_DOWN, Math.min(MAX_UP, (targetMs - intervalMs) / targetMs));
  const delta = (parentDifficulty * BigInt(Math.round(ratio * 1000))) / (1000n * ADJUSTMENT_DIVISOR);
  const next = parentDifficulty + delta;
  return next < MIN_DIFFICULTY ? MIN_DIFFICULTY : next;
}
