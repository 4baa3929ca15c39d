import { describe, expect, it } from 'vitest';
import { parseCursorParam, parseHistoryAddress, parseHistoryPage, parseLimit } from './history-params';
import { NO_FILTER } from '@/lib/routes/params/history-filter';
import { BadCursorError, decodeCursor, encodeCursor } from '@/lib/index/readers/paging/page-cursor';

describe('history parameters', () => {
  it('args: limit 1..100, default 25', () => {
    expect(parseLimit(null)).toEqual({ ok: true, value: 25 });
    expect(parseLimit('100')).toEqual({ ok: true, value: 100 });
    for (const bad of ['0', '101', '-1', '1.5', 'ten', '1e2']) expect(parseLimit(bad).ok, bad).toBe(false);
  });

  it('args: an address in any case, nothing else', () => {
    expect(parseHistoryAddress('0x0A00000000000000000000000000000000000001')).toEqual({ ok: true, value: '0x0a00000000000000000000000000000000000001' });
    expect(parseHistoryAddress('0x0a').ok).toBe(false);
    expect(parseHistoryAddress('%3Cscript%3E').ok).toBe(false);
  });

  it('args: an address that is not percent-encoded UTF-8 is a reason, not a throw (it was a 500)', () => {
    expect(parseHistoryAddress('%ff%fe')).toEqual({ ok: false, error: '“%ff%fe” holds percent-escapes that are not UTF-8 text, so it is not an address' });
    expect(parseHistoryAddress('0x%zz').ok).toBe(false);
  });

  it('args: a cursor is a token of URL-safe characters', () => {
    expect(parseCursorParam('')).toEqual({ ok: true, value: null });
    expect(parseCursorParam("a'b").ok).toBe(false);
  });
});

describe('parseHistoryPage', () => {
  const address = '0x0A00000000000000000000000000000000000001';

  it('args: the address, limit and cursor together, defaults where absent', () => {
    expect(parseHistoryPage(address, new URLSearchParams())).toEqual({
      ok: true,
      value: { address: address.toLowerCase(), page: { limit: 25, cursor: null, filter: NO_FILTER } },
    });
    expect(parseHistoryPage(address, new URLSearchParams('limit=7&cursor=abc_-1'))).toEqual({
      ok: true,
      value: { address: address.toLowerCase(), page: { limit: 7, cursor: 'abc_-1', filter: NO_FILTER } },
    });
  });

  it('behavior: the first bad parameter is the message (address, then limit, then cursor)', () => {
    const all = new URLSearchParams("limit=0&cursor=a'b");
    expect(parseHistoryPage('0x0a', all)).toEqual(parseHistoryAddress('0x0a'));
    expect(parseHistoryPage(address, all)).toEqual(parseLimit('0'));
    expect(parseHistoryPage(address, new URLSearchParams("cursor=a'b"))).toEqual(parseCursorParam("a'b"));
  });
});

describe('page cursor', () => {
  it('behavior: round-trips its key and refuses anything it did not make', () => {
    const key = { blockNumber: 123_456_789_012n, index: 7, chain: 'hydra3' as const };
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
    const forged = Buffer.from('h1:1:2:atlantis').toString('base64url');
    for (const bad of ['', 'bm9wZQ', forged, Buffer.from('h1:99999999999999999999:0:cyprus1').toString('base64url')]) {
      expect(() => decodeCursor(bad), bad).toThrow(BadCursorError);
    }
  });
});
