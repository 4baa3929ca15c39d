/** The stats API's parameters: zones only, days 1..365 (30 by default), periods 24h/7d/30d. */
import { describe, expect, it } from 'vitest';
import { parseDays, parseFlowPeriod, parseZone } from './stats-params';

describe('stats parameters', () => {
  it('behavior: a zone is accepted; prime, a region or anything else is a message', () => {
    expect(parseZone('hydra3')).toEqual({ ok: true, value: 'hydra3' });
    for (const bad of ['prime', 'cyprus', 'cyprus4', '', null]) expect(parseZone(bad).ok, String(bad)).toBe(false);
  });

  it('behavior: days are 1..365, 30 when absent', () => {
    expect(parseDays(null)).toEqual({ ok: true, value: 30 });
    expect(parseDays('1')).toEqual({ ok: true, value: 1 });
    expect(parseDays('365')).toEqual({ ok: true, value: 365 });
    for (const bad of ['0', '366', '-1', '1.5', 'abc', '0x10']) expect(parseDays(bad).ok, bad).toBe(false);
  });

  it('behavior: the flow period is 24h, 7d or 30d, 24h when absent', () => {
    expect(parseFlowPeriod(undefined)).toEqual({ ok: true, value: '24h' });
    expect(parseFlowPeriod('30d')).toEqual({ ok: true, value: '30d' });
    for (const bad of ['1h', '24H', 'toString', '__proto__']) expect(parseFlowPeriod(bad).ok, bad).toBe(false);
  });
});
