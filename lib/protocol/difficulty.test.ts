import { describe, expect, it } from 'vitest';
import { calcDifficulty, floorDiv, type GoQuaiRule } from './difficulty';
import { DEVNET_CHAIN_ID, rulesOfChainId } from './network-rules';
import { EMPTY_UNCLE_HASH } from './trie-root';

const colosseum = rulesOfChainId(9000n)!.difficulty as GoQuaiRule;
const parentAt = (difficulty: bigint, dt: bigint) => [
  { number: 5n, difficulty, timestamp: 1000n + dt, sha3Uncles: EMPTY_UNCLE_HASH },
  { number: 4n, timestamp: 1000n },
] as const;

describe('floorDiv', () => {
  it("floors as Go's big.Int.Div does, where bigint's / truncates", () => {
    expect(floorDiv(7n, 2n)).toBe(3n);
    expect(floorDiv(-7n, 2n)).toBe(-4n);
    expect(floorDiv(-8n, 2n)).toBe(-4n);
    expect(-7n / 2n).toBe(-3n);
  });
});

describe("go-quai's rule (v0.17–v0.28), colosseum's parameters", () => {
  it('is DurationLimit 12 s, factor 40, period 360, minimum half the blake3 genesis difficulty', () => {
    expect(colosseum).toEqual({ kind: 'go-quai', durationLimit: 12n, adjustmentFactor: 40n, adjustmentPeriod: 360n, minimum: 1_000_000n });
  });

  it('steps by (DL − Δt) × d × ⌊log2 d⌋ / DL / 40 / 360, each division floored', () => {
    // (12 − 10) × 2^20 × 20 = 41,943,040 → /12 → 3,495,253 → /40 → 87,381 → /360 → 242
    expect(calcDifficulty(colosseum, ...parentAt(1_048_576n, 10n))).toBe(1_048_818n);
    // (12 − 20) × 2^20 × 20 = −167,772,160 → −13,981,014 → −349,526 → −971 (truncating would give −970)
    expect(calcDifficulty(colosseum, ...parentAt(1_048_576n, 20n))).toBe(1_047_605n);
    expect(calcDifficulty(colosseum, ...parentAt(1_048_576n, 12n))).toBe(1_048_576n);
  });

  it('never goes below the minimum', () => {
    expect(calcDifficulty(colosseum, ...parentAt(1_000_100n, 3600n))).toBe(1_000_000n);
  });
});

describe('rulesOfChainId', () => {
  it('knows the devnet and the four networks of the era, and no other', () => {
    expect(rulesOfChainId(DEVNET_CHAIN_ID)?.difficulty.kind).toBe('strata-devnet');
    expect(rulesOfChainId(DEVNET_CHAIN_ID)?.layoutKnown).toBe(true);
    for (const id of [9000n, 12000n, 15000n, 17000n]) expect(rulesOfChainId(id)?.layoutKnown).toBe(false);
    expect(rulesOfChainId(1n)).toBeUndefined();
  });
});
