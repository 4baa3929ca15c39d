import { describe, expect, it } from 'vitest';
import { blockRange, feeSeries, PERCENTILE_COLOURS } from './fee-series';

describe('feeSeries', () => {
  it('behavior: base fee and gas used plot their row fields under their legend names', () => {
    const series = feeSeries([]);
    expect(series.baseFee).toEqual({ key: 'baseFee', name: 'base fee', colour: 'var(--c-accent)' });
    expect(series.gasUsed).toEqual({ key: 'gasUsed', name: 'gas used', colour: 'var(--c-region)' });
    expect(series.rewards).toEqual([]);
  });

  it('behavior: a series per percentile, in the order asked, keyed as fee-rows keys its fields, colours repeating past eight', () => {
    const percentiles = [10, 50, 90, 1, 2, 3, 4, 5, 99.5];
    const rewards = feeSeries(percentiles).rewards;
    expect(rewards.map((s) => s.key)).toEqual(['p10', 'p50', 'p90', 'p1', 'p2', 'p3', 'p4', 'p5', 'p99_5']);
    expect(rewards.map((s) => s.name)).toEqual(['p10', 'p50', 'p90', 'p1', 'p2', 'p3', 'p4', 'p5', 'p99.5']);
    expect(rewards[0]?.colour).toBe('var(--c-region)');
    expect(rewards[8]?.colour).toBe(PERCENTILE_COLOURS[0]);
  });
});

describe('blockRange', () => {
  it('args: the first and last rows\' blocks, or no blocks', () => {
    expect(blockRange([{ block: 10 }, { block: 11 }, { block: 19 }])).toBe('blocks 10 to 19');
    expect(blockRange([{ block: 7 }])).toBe('blocks 7 to 7');
    expect(blockRange([])).toBe('no blocks');
  });
});
