import { describe, expect, it } from 'vitest';
import { dayStart, filterEntries, filterQuery, filterTimeRange, hasBlankFilterParam, NO_FILTER, parseHistoryFilter } from './history-filter';

const TOKEN = '0x0A000000000000000000000000000000000000D7';
const q = (text: string) => parseHistoryFilter(new URLSearchParams(text));

describe('the advanced filter of an address’s lists', () => {
  it('args: none is no filter; every parameter read, addresses lower-cased, a selector lower-cased, a name kept', () => {
    expect(q('')).toEqual({ ok: true, value: NO_FILTER });
    expect(q(`direction=out&method=0xA9059CBB&token=${TOKEN}&counterparty=${TOKEN}&from=2026-01-01&to=2026-01-31`)).toEqual({
      ok: true,
      value: { direction: 'out', method: '0xa9059cbb', token: TOKEN.toLowerCase(), counterparty: TOKEN.toLowerCase(), from: '2026-01-01', to: '2026-01-31' },
    });
    expect(q('method=transferFrom')).toMatchObject({ ok: true, value: { method: 'transferFrom' } });
    expect(q('direction=')).toEqual({ ok: true, value: NO_FILTER });
  });

  it('args: each bad value is named', () => {
    expect(q('direction=sideways')).toEqual({ ok: false, error: 'direction must be in or out, got "sideways"' });
    expect(q('method=0x1234')).toMatchObject({ ok: false, error: expect.stringContaining('method must be a 4-byte selector') });
    expect(q('token=0x12')).toMatchObject({ ok: false, error: expect.stringContaining('token must be an address') });
    expect(q('from=2026-02-30')).toEqual({ ok: false, error: 'from must be a UTC day as YYYY-MM-DD, got "2026-02-30"' });
    expect(q('to=26-1-1')).toMatchObject({ ok: false });
    expect(q('from=2026-03-01&to=2026-02-01')).toEqual({ ok: false, error: 'from (2026-03-01) is after to (2026-02-01)' });
  });

  it('behavior: days are UTC, `to` included (its end exclusive)', () => {
    expect(dayStart('2026-01-01')).toBe(1_767_225_600n);
    expect(dayStart('2024-02-29')).toBe(1_709_164_800n);
    expect(dayStart('2023-02-29')).toBeUndefined();
    expect(filterTimeRange({ from: '2026-01-01', to: '2026-01-01' })).toEqual({ from: 1_767_225_600n, to: 1_767_312_000n });
    expect(filterTimeRange({ from: null, to: null })).toEqual({});
  });

  it('behavior: written back as query parameters in one order, blank form fields told apart', () => {
    const filter = { ...NO_FILTER, to: '2026-01-31', direction: 'in' as const };
    expect(filterEntries(filter)).toEqual([['direction', 'in'], ['to', '2026-01-31']]);
    expect(filterQuery(filter)).toBe('&direction=in&to=2026-01-31');
    expect(filterQuery(filter, true)).toBe('?direction=in&to=2026-01-31');
    expect(filterQuery(NO_FILTER, true)).toBe('');
    expect(hasBlankFilterParam(new URLSearchParams('tab=history&method=&from=2026-01-01'))).toBe(true);
    expect(hasBlankFilterParam(new URLSearchParams('tab=history&from=2026-01-01'))).toBe(false);
  });
});
