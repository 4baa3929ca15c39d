/**
 * Difficulty retargeting for the devnet's zones. Each zone miner hashes at a throttled, roughly
 * constant rate (so the devnet stays cheap on a shared machine); the difficulty follows the
 * observed block interval towards the target, like go-ethereum/go-quai's rule does with
 * timestamps, but on wall-clock milliseconds because the target (~1.5 s) is finer than the
 * header's one-second timestamps.
 */

/** Never below this: a block must still take real work to find. */
export const MIN_DIFFICULTY = 16n;
/** Step: at most 1/8 of the difficulty per block, so one lucky block does not swing it. */
const ADJUSTMENT_DIVISOR = 8n;

export function nextDifficulty(parentDifficulty: bigint, intervalMs: number, targetMs: number): bigint {
  if (!(intervalMs > 0) || !(targetMs > 0)) return parentDifficulty < MIN_DIFFICULTY ? MIN_DIFFICULTY : parentDifficulty;
  // Fraction in [-1, 1] scaled to 1/1000: positive when blocks came too fast.
  const ratio = Math.max(-1, Math.min(1, (targetMs - intervalMs) / targetMs));
  const delta = (parentDifficulty * BigInt(Math.round(ratio * 1000))) / (1000n * ADJUSTMENT_DIVISOR);
  const next = parentDifficulty + delta;
  return next < MIN_DIFFICULTY ? MIN_DIFFICULTY : next;
}
