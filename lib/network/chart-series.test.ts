import { describe, expect, test } from 'vitest';
import { SERIES_IDS } from '@/lib/routes/params/chart-params';
import { CHART_SERIES } from './chart-series';

describe('chart series', () => {
  test('args: every series a URL may name is drawn, once, and nothing else is', () => {
    expect(CHART_SERIES.map((s) => s.id).sort()).toEqual([...SERIES_IDS].sort());
  });
});
