import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BLOCK_COUNT,
  DEFAULT_PERCENTILES,
  feeQuery,
  parseBlockCount,
  parseFeeParams,
  parsePercentiles,
} from '@/lib/routes/params/fee-params';
import { chartData, feeSeries, percentileKey, weiToGweiNumber } from './fee-rows';

describe('parseBlockCount', () => {
  it('accepts 1 and the spec maximum 1024', () => {
    expect(parseBlockCount('1')).toEqual({ ok: true, value: 1 });
    expect(parseBlockCount('1024')).toEqual({ ok: true, value: 1024 });
  });
  it('defaults when absent', () => {
    expect(parseBlockCount(undefined)).toEqual({ ok: true, value: DEFAULT_BLOCK_COUNT });
    expect(parseBlockCount('  ')).toEqual({ ok: true, value: DEFAULT_BLOCK_COUNT });
  });
  it.each(['0', '1025', '99999999999999999999'])('refuses out-of-range %s with the limits in the message', (raw) => {
    const r = parseBlockCount(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/1 to 1024/);
  });
  it.each(['abc', '-5', '1.5', '0x10'])('refuses non-numbers like %s', (raw) => {
    const r = parseBlockCount(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain('not a number');
  });
});

describe('parsePercentiles', () => {
  it('parses increasing percentiles, decimals included', () => {
    expect(parsePercentiles('5, 25,50,99.5')).toEqual({ ok: true, value: [5, 25, 50, 99.5] });
  });
  it('defaults, and "none" asks for no rewards', () => {
    expect(parsePercentiles(undefined)).toEqual({ ok: true, value: DEFAULT_PERCENTILES });
    expect(parsePercentiles('none')).toEqual({ ok: true, value: [] });
  });
  it('refuses decreasing or repeated values, values above 100 and junk', () => {
    expect(parsePercentiles('50,10').ok).toBe(false);
    expect(parsePercentiles('10,10').ok).toBe(false);
    expect(parsePercentiles('101').ok).toBe(false);
    expect(parsePercentiles('ten').ok).toBe(false);
    expect(parsePercentiles('1,2,3,4,5,6,7,8,9').ok).toBe(false);
  });
});

describe('parseFeeParams / feeQuery', () => {
  it('round-trips through the URL', () => {
    const parsed = parseFeeParams({ blocks: '300', percentiles: '1,50' });
    expect(parsed).toEqual({ ok: true, value: { blockCount: 300, percentiles: [1, 50] } });
    if (!parsed.ok) return;
    const q = new URLSearchParams(feeQuery(parsed.value));
    expect(parseFeeParams({ blocks: q.get('blocks'), percentiles: q.get('percentiles') })).toEqual(parsed);
    const none = new URLSearchParams(feeQuery({ blockCount: 5, percentiles: [] }));
    expect(parseFeeParams({ blocks: none.get('blocks'), percentiles: none.get('percentiles') }))
      .toEqual({ ok: true, value: { blockCount: 5, percentiles: [] } });
  });
  it('reports every bad control', () => {
    const r = parseFeeParams({ blocks: '0', percentiles: '9,1' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toHaveLength(2);
  });
});

describe('feeSeries', () => {
  const gwei = (n: number) => BigInt(n) * 1_000_000_000n;
  const history = {
    oldestBlock: 100n,
    // 3 blocks, plus the projected base fee of block 103.
    baseFeePerGas: [gwei(1), gwei(2), 1_500_000_001n, gwei(4)],
    gasUsedRatio: [0, 0.5, 1],
    reward: [[1n, gwei(1)], [2n, gwei(2)], [3n, gwei(3)]],
  };

  it('numbers the rows from oldestBlock and converts to gwei and percent', () => {
    const s = feeSeries(history, [10, 90]);
    expect(s.returnedBlocks).toBe(3);
    expect(s.rows.map((r) => r.block)).toEqual([100, 101, 102]);
    expect(s.rows[1]).toMatchObject({ baseFeeGwei: 2, gasUsedPercent: 50, rewards: { p10: 2e-9, p90: 2 } });
    expect(s.rows[2]?.baseFeeGwei).toBeCloseTo(1.500000001, 12);
    expect(s.rows[2]?.baseFeeWei).toBe('1500000001');
    expect(s.nextBaseFeeWei).toBe(gwei(4));
    expect(s.percentiles).toEqual([10, 90]);
  });

  it('draws what the node returned when it has fewer blocks than asked', () => {
    const s = feeSeries({ oldestBlock: 0n, baseFeePerGas: [gwei(1)], gasUsedRatio: [] }, [50]);
    expect(s.returnedBlocks).toBe(0);
    expect(s.rows).toEqual([]);
    expect(s.percentiles).toEqual([]);
  });

  it('flattens rows for recharts with percentile keys', () => {
    expect(percentileKey(12.5)).toBe('p12_5');
    expect(chartData(feeSeries(history, [10, 90]).rows)[0]).toEqual({ block: 100, baseFee: 1, gasUsed: 0, p10: 1e-9, p90: 1 });
  });

  it('converts large wei amounts without losing the gwei part', () => {
    expect(weiToGweiNumber(123_456_789_000_000_001n)).toBeCloseTo(123456789.000000001, 6);
  });
});
