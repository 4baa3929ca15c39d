import { describe, expect, it } from 'vitest';
import { parseAddressQuery, withoutBlankFilterParams } from './address-query';

describe('parseAddressQuery', () => {
  it('args: none — the Overview at latest, no slot, the newest page, no via chain', () => {
    const q = parseAddressQuery({});
    expect(q.tab).toBe('overview');
    expect(q.asOf).toEqual({ ok: true, value: 'latest' });
    expect(q.slotText).toBeUndefined();
    expect(q.slot).toBeUndefined();
    expect(q.cursor).toEqual({ ok: true, value: null });
    expect(q.internalCursor).toEqual({ ok: true, value: null });
    expect(q.via).toBeUndefined();
  });

  it('args: internal — the internal transfers page of the History tab, apart from its transactions page', () => {
    const q = parseAddressQuery({ tab: 'history', internal: 'aTE6MTI6MDowOmN5cHJ1czE', cursor: 'abc' });
    expect(q.internalCursor).toEqual({ ok: true, value: 'aTE6MTI6MDowOmN5cHJ1czE' });
    expect(q.cursor).toEqual({ ok: true, value: 'abc' });
    expect(parseAddressQuery({ internal: 'not a cursor!' }).internalCursor.ok).toBe(false);
  });

  it('args: tab — a known tab is kept, an unknown one is the Overview, a repeated one is the first', () => {
    expect(parseAddressQuery({ tab: 'history' }).tab).toBe('history');
    expect(parseAddressQuery({ tab: 'tokens' }).tab).toBe('tokens');
    expect(parseAddressQuery({ tab: 'nope' }).tab).toBe('overview');
    expect(parseAddressQuery({ tab: ['tokens', 'history'] }).tab).toBe('tokens');
  });

  it('args: block and slot — parsed, the slot text kept trimmed for the form', () => {
    const q = parseAddressQuery({ block: '1200', slot: ' 5 ' });
    expect(q.asOf).toEqual({ ok: true, value: 1200n });
    expect(q.slotText).toBe('5');
    expect(q.slot).toEqual({ ok: true, value: `0x${'0'.repeat(63)}5` });
    expect(parseAddressQuery({ block: 'pending' }).asOf.ok).toBe(false);
    expect(parseAddressQuery({ slot: '   ' }).slotText).toBeUndefined();
  });

  it('args: chain — a chain name is the via chain, anything else is none', () => {
    expect(parseAddressQuery({ chain: 'cyprus2' }).via?.name).toBe('cyprus2');
    expect(parseAddressQuery({ chain: 'atlantis' }).via).toBeUndefined();
  });

  it('args: a URL\'s query (as the resolver reads it) is read as a page\'s searchParams are, the filter too', () => {
    const url = parseAddressQuery(new URLSearchParams('tab=history&direction=out&from=2026-01-02&tab=tokens'));
    const record = parseAddressQuery({ tab: ['history', 'tokens'], direction: 'out', from: '2026-01-02' });
    expect(url).toEqual(record);
    expect(url.filter).toMatchObject({ ok: true, value: { direction: 'out', from: '2026-01-02' } });
  });
});

describe('withoutBlankFilterParams', () => {
  it('behavior: a submitted form\'s blank filter fields are dropped, the rest kept in order; none blank is no redirect', () => {
    for (const search of [new URLSearchParams('tab=history&method=&direction=in&to='), { tab: 'history', method: '', direction: 'in', to: '' }]) {
      expect(withoutBlankFilterParams('/address/0xab', search)).toBe('/address/0xab?tab=history&direction=in');
    }
    expect(withoutBlankFilterParams('/address/0xab', new URLSearchParams('method='))).toBe('/address/0xab');
    expect(withoutBlankFilterParams('/address/0xab', new URLSearchParams('tab=history&direction=in'))).toBeUndefined();
  });
});
