import { describe, expect, it } from 'vitest';
import { decodeComponent, decodeLenient, shownPart } from './url-decode';

describe('decodeComponent', () => {
  it('decodes percent-encoded UTF-8', () => {
    expect(decodeComponent('0xab%20cd')).toEqual({ ok: true, value: '0xab cd' });
    expect(decodeComponent('%e6%97%a5')).toEqual({ ok: true, value: '日' });
    expect(decodeComponent('%00')).toEqual({ ok: true, value: '\u0000' });
  });

  it.each(['%ff%fe', '%c0%af', '%e0%80%80', '%ed%a0%80', '%f8%88%80%80%80', '%80', '%e2%82'])('refuses %s as not UTF-8, without throwing', (raw) => {
    const decoded = decodeComponent(raw);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.reason).toContain('not UTF-8');
  });

  it.each([
    ['%', 1],
    ['abc%', 4],
    ['%zz', 1],
    ['ok%2', 3],
  ])('names the broken escape in %s', (raw, at) => {
    const decoded = decodeComponent(raw);
    expect(decoded).toEqual({ ok: false, reason: `“${raw}” has a “%” at character ${at} that is not followed by two hex digits` });
  });

  it('cuts long input in its reason', () => {
    const decoded = decodeComponent(`%ff${'a'.repeat(10_000)}`);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.reason.length).toBeLessThan(200);
  });
});

describe('decodeLenient', () => {
  it('decodes what it can and keeps the rest as it came', () => {
    expect(decodeLenient('a%2Fb')).toBe('a/b');
    expect(decodeLenient('%ff%fe')).toBe('%ff%fe');
  });
});

describe('shownPart', () => {
  it('keeps short text and cuts long text with an ellipsis', () => {
    expect(shownPart('abc')).toBe('abc');
    expect(shownPart('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
