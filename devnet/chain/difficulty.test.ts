import { describe, expect, it } from 'vitest';
import { MIN_DIFFICULTY, nextDifficulty } from './difficulty';

describe('nextDifficulty', () => {
  it('rises when blocks come faster than the target and falls when slower', () => {
    expect(nextDifficulty(8000n, 500, 1500)).toBeGreaterThan(8000n);
    expect(nextDifficulty(8000n, 3000, 1500)).toBeLessThan(8000n);
    expect(nextDifficulty(8000n, 1500, 1500)).toBe(8000n);
  });
  it('moves at most one eighth per block', () => {
    // Instant block: ratio clamps to 1 -> +1/8; very slow: clamps to -1 -> -1/8.
    expect(nextDifficulty(8000n, 1, 1500)).toBe(8000n + 8000n * 999n / 8000n);
    expect(nextDifficulty(8000n, 1_000_000, 1500)).toBe(7000n);
  });
  it('never drops below the floor', () => {
    expect(nextDifficulty(MIN_DIFFICULTY, 1_000_000, 1500)).toBe(MIN_DIFFICULTY);
  });
});
