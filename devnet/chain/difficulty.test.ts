import { describe, expect, it } from 'vitest';
import { MIN_DIFFICULTY, nextDifficulty } from './difficulty';

describe('nextDifficulty', () => {
  it('rises when blocks come faster than the target and falls when slower', () => {
    expect(nextDifficulty(8000n, 500, 1500)).toBeGreaterThan(8000n);
    expect(nextDifficulty(8000n, 3000, 1500)).toBeLessThan(8000n);
    expect(nextDifficulty(8000n, 1500, 1500)).toBe(8000n);
  });

  it('moves at most +1/16 for an instant block and -3/16 for a very slow one', () => {
    // Instant: ratio (1500-1)/1500 rounds to 0.999 -> +8000*999/16000 = +499 (integer division).
    expect(nextDifficulty(8000n, 1, 1500)).toBe(8499n);
    // Far too slow: clamped at -3 -> -8000*3/16 = -1500.
    expect(nextDifficulty(8000n, 1_000_000, 1500)).toBe(6500n);
  });

  it('never drops below the floor', () => {
    expect(nextDifficulty(MIN_DIFFICULTY, 1_000_000, 1500)).toBe(MIN_DIFFICULTY);
  });

  it('settles near the target for exponentially distributed block times', () => {
    // Simulate a constant hash rate: each interval ~ Exp(mean = difficulty / rate). Seeded LCG.
    let seed = 12345;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return (seed + 0.5) / 2 ** 31;
    };
    const rate = 2; // hashes per ms
    const target = 1500;
    let difficulty = 1000n; // starts far too easy
    let total = 0;
    const blocks = 20_000;
    for (let i = 0; i < blocks; i++) {
      const interval = (-Math.log(random()) * Number(difficulty)) / rate;
      if (i >= 2_000) total += interval;
      difficulty = nextDifficulty(difficulty, interval, target);
    }
    const mean = total / (blocks - 2_000);
    // A ±1 clamp would settle about 26% slow (see difficulty.ts); this rule within a few percent.
    expect(mean).toBeGreaterThan(target * 0.93);
    expect(mean).toBeLessThan(target * 1.07);
  });
});
