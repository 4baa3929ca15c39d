import { describe, expect, it } from 'vitest';
import { effectiveGasPrice, effectiveTip, nextBaseFee } from './fees';

const GWEI = 1_000_000_000n;

describe('nextBaseFee (EIP-1559)', () => {
  const gasLimit = 30_000_000n;
  it('stays put at exactly half-full', () => {
    expect(nextBaseFee({ baseFee: 10n * GWEI, gasUsed: 15_000_000n, gasLimit })).toBe(10n * GWEI);
  });
  it('rises by 1/8 for a full block and falls by 1/8 for an empty one', () => {
    // EIP-1559: delta = baseFee * (used - target) / target / 8; full block -> +12.5%, empty -> -12.5%.
    expect(nextBaseFee({ baseFee: 8n * GWEI, gasUsed: gasLimit, gasLimit })).toBe(9n * GWEI);
    expect(nextBaseFee({ baseFee: 8n * GWEI, gasUsed: 0n, gasLimit })).toBe(7n * GWEI);
  });
  it('never falls below the floor, and the floor is configurable', () => {
    expect(nextBaseFee({ baseFee: GWEI, gasUsed: 0n, gasLimit })).toBe(GWEI);
    expect(nextBaseFee({ baseFee: 8n, gasUsed: 0n, gasLimit }, 1n)).toBe(7n);
  });
  it('rises by at least 1 wei when over target', () => {
    expect(nextBaseFee({ baseFee: 1n, gasUsed: 15_000_001n, gasLimit }, 0n)).toBe(2n);
  });
});

describe('effective price and tip', () => {
  it('caps at the fee cap', () => {
    expect(effectiveGasPrice(2n * GWEI, 3n * GWEI, 2n * GWEI)).toBe(3n * GWEI);
    expect(effectiveTip(2n * GWEI, 3n * GWEI, 2n * GWEI)).toBe(GWEI);
    expect(effectiveGasPrice(GWEI, 10n * GWEI, 2n * GWEI)).toBe(3n * GWEI);
    expect(effectiveTip(GWEI, 10n * GWEI, 2n * GWEI)).toBe(GWEI);
  });
});
