/**
 * The devnet's retarget (lib/protocol/difficulty.ts's strata-devnet rule at devnetRules'
 * parameters): its steps from headers alone, the clamp, the minimum; and, by simulation, the block
 * rate it settles at idle, under CPU load (time per block the miner does not hash) and through
 * stalls — with one-second timestamps, as the headers carry them.
 */
import { describe, expect, it } from 'vitest';
import { calcDifficulty, type RetargetHeader, type StrataDevnetRule } from '@/lib/protocol/difficulty';
import { devnetRules } from '@/lib/protocol/network-rules';
import { EMPTY_UNCLE_HASH } from '@/lib/protocol/trie-root';

const HASH_RATE = 1600; // the devnet's default: 32 nonces per 20 ms
const rules = devnetRules({ blockTimeMs: 1500, hashRate: HASH_RATE });
const rule = rules.difficulty as StrataDevnetRule;
const UNCLED = `0x${'ab'.repeat(32)}` as const;

const header = (number: bigint, difficulty: bigint, timestamp: bigint, sha3Uncles: `0x${string}` = EMPTY_UNCLE_HASH): RetargetHeader => ({ number, difficulty, timestamp, sha3Uncles });
/** The child's difficulty when the parent came `dt` seconds after the grandparent. */
const after = (difficulty: bigint, dt: bigint, uncles = false) => calcDifficulty(rule, header(10n, difficulty, 1000n + dt, uncles ? UNCLED : EMPTY_UNCLE_HASH), header(9n, 0n, 1000n));

describe('the devnet retarget, from headers', () => {
  it('has the parameters devnetRules gives the default devnet: 1.5 s, 1/16, clamp 3, minimum a quarter of 2,400', () => {
    expect(rule).toEqual({ kind: 'strata-devnet', durationLimitMs: 1500n, boundDivisor: 16n, maxDown: 3n, minimum: 600n });
  });

  it('steps by (target − interval) / (target × 16): up after a fast parent, down after a slow one, more with uncles', () => {
    expect(after(8000n, 0n)).toBe(8500n); // +1500/24000
    expect(after(8000n, 1n)).toBe(8166n); // +500/24000, floored
    expect(after(8000n, 2n)).toBe(7833n); // −500/24000, floored (towards −∞, as Go's Div)
    expect(after(8000n, 3n)).toBe(7500n);
    expect(after(8000n, 2n, true)).toBe(8333n); // uncles: the target counts twice (+1000/24000)
  });

  it('clamps a slow block at −3/16, however slow', () => {
    expect(after(8000n, 6n)).toBe(6500n);
    expect(after(8000n, 7n)).toBe(6500n);
    expect(after(8000n, 86_400n)).toBe(6500n);
  });

  it('never goes below the minimum', () => {
    expect(after(700n, 86_400n)).toBe(600n);
    expect(after(600n, 86_400n)).toBe(600n);
  });

  it("gives a genesis child and grandchild their parent's difficulty (genesis time is fixed, not mined)", () => {
    expect(calcDifficulty(rule, header(0n, 2400n, 0n), undefined)).toBe(2400n);
    expect(calcDifficulty(rule, header(1n, 2400n, 1_700_000_000n), header(0n, 2400n, 1_672_531_200n))).toBe(2400n);
  });

  it('lets a devnet whose target is far below a second sit at its minimum', () => {
    const fast = devnetRules({ blockTimeMs: 15, hashRate: HASH_RATE }).difficulty;
    expect(fast.minimum).toBe(16n);
    expect(calcDifficulty(fast, header(10n, 40n, 1001n), header(9n, 0n, 1000n))).toBe(16n);
  });
});

// ---- Simulation ----

/** Seeded uniform (0, 1): the same run every time. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return (s + 0.5) / 2 ** 31;
  };
}

interface Machine {
  /** Nonces per second the miner gets through at wall-clock second t. */
  readonly hashRate?: (t: number) => number;
  /** Seconds per block in which nothing is hashed (executing the template under load), at t. */
  readonly busy?: (t: number) => number;
}

/**
 * A zone mined as devnet/chain/miner.ts does: each header stamped with the whole second its
 * template was built (when the parent was sealed), its difficulty from calcDifficulty, found after
 * an exponential number of nonces, 5% of blocks with an uncle. Returns each block's seal time (s).
 */
function mine(blocks: number, machine: Machine = {}, seed = 12345): { sealed: number[]; difficulties: bigint[] } {
  const next = random(seed);
  const rate = machine.hashRate ?? (() => HASH_RATE);
  const busy = machine.busy ?? (() => 0);
  const chain: RetargetHeader[] = [header(0n, 2400n, 0n)];
  const sealed: number[] = [];
  const difficulties: bigint[] = [];
  let now = 0;
  for (let i = 1; i <= blocks; i++) {
    const parent = chain[chain.length - 1]!;
    const difficulty = calcDifficulty(rule, parent, chain[chain.length - 2]);
    const stamp = BigInt(Math.floor(now));
    now += busy(now) + (-Math.log(next()) * Number(difficulty)) / rate(now);
    chain.push(header(BigInt(i), difficulty, stamp, next() < 0.05 ? UNCLED : EMPTY_UNCLE_HASH));
    if (chain.length > 3) chain.shift();
    sealed.push(now);
    difficulties.push(difficulty);
  }
  return { sealed, difficulties };
}

const meanInterval = (sealed: readonly number[], from: number, to: number) => (sealed[to - 1]! - sealed[from - 1]!) / (to - from);

/** The most blocks sealed in any `window` seconds from second `after` on, per second. */
function peakRate(sealed: readonly number[], after: number, window = 10): number {
  let peak = 0;
  let j = 0;
  for (let i = 0; i < sealed.length; i++) {
    while (sealed[i]! - sealed[j]! > window) j++;
    if (sealed[j]! >= after) peak = Math.max(peak, i - j + 1);
  }
  return peak / window;
}

describe('the devnet retarget, simulated', () => {
  it('settles near the 1.5 s target with one-second timestamps (uncles count as blocks: a few percent over)', () => {
    const { sealed } = mine(20_000);
    const mean = meanInterval(sealed, 2_000, 20_000);
    expect(mean).toBeGreaterThan(1.5 * 0.97);
    expect(mean).toBeLessThan(1.5 * 1.08);
  });

  it('under CPU load (2 s per block not hashing, for 5 minutes) never drops to the floor, and comes back without a burst', () => {
    const loaded = (t: number) => t > 600 && t < 900;
    const { sealed, difficulties } = mine(3_000, { busy: (t) => (loaded(t) ? 2 : 0) });
    const lowest = difficulties.reduce((a, b) => (b < a ? b : a));
    expect(lowest).toBeGreaterThanOrEqual(rule.minimum);
    // The wall-clock rule it replaces fell to 16 here and then sealed ~100 blocks/s; at the minimum
    // (a quarter of the genesis difficulty) the fastest is 4/1.5 s.
    expect(peakRate(sealed, 600)).toBeLessThan(3);
    const after = sealed.findIndex((t) => t > 1_200);
    expect(meanInterval(sealed, after, sealed.length)).toBeGreaterThan(1.5 * 0.85);
  });

  it('follows a miner that slows down (a fifth of its hash rate) and recovers', () => {
    const { sealed } = mine(3_000, { hashRate: (t) => (t > 600 && t < 900 ? HASH_RATE / 5 : HASH_RATE) });
    expect(peakRate(sealed, 600)).toBeLessThan(3);
    const during = sealed.findIndex((t) => t > 700);
    const end = sealed.findIndex((t) => t > 900);
    // Held up by the minimum: at a fifth of the rate, a quarter of the difficulty takes 5/4 × 1.5 s.
    expect(meanInterval(sealed, during, end)).toBeLessThan(2.5);
  });

  it('takes at most 3/16 off per block through a long stall, and stays above the minimum', () => {
    const { difficulties } = mine(400, { busy: (t) => (t > 200 && t < 260 ? 30 : 0) });
    for (let i = 1; i < difficulties.length; i++) {
      const drop = difficulties[i - 1]! - difficulties[i]!;
      expect(drop * 16n).toBeLessThanOrEqual(difficulties[i - 1]! * 3n + 16n);
      expect(difficulties[i]!).toBeGreaterThanOrEqual(rule.minimum);
    }
  });
});
