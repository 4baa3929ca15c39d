import { describe, expect, it } from 'vitest';
import { chainTextParts, codePointDescription, codePointLabel, hasMarkedCharacters, markedText, markedTextWithWarning } from './chain-text';

describe('chainTextParts', () => {
  it('keeps plain text, any script, as one run', () => {
    expect(chainTextParts('USDT')).toEqual([{ kind: 'text', text: 'USDT' }]);
    expect(chainTextParts('שלום Tether 日本 😀')).toEqual([{ kind: 'text', text: 'שלום Tether 日本 😀' }]);
    expect(chainTextParts('')).toEqual([]);
  });

  it('takes a right-to-left override out of a token name, in logical order', () => {
    expect(chainTextParts('USDT \u202Egpj.exe')).toEqual([
      { kind: 'text', text: 'USDT ' },
      { kind: 'marked', codePoint: 0x202e },
      { kind: 'text', text: 'gpj.exe' },
    ]);
    expect(chainTextParts('\u202Egnp.exe TREASURY')).toEqual([
      { kind: 'marked', codePoint: 0x202e },
      { kind: 'text', text: 'gnp.exe TREASURY' },
    ]);
  });

  it.each([
    ['bidi embeddings and overrides', [0x202a, 0x202b, 0x202c, 0x202d, 0x202e]],
    ['bidi isolates', [0x2066, 0x2067, 0x2068, 0x2069]],
    ['directional marks', [0x200e, 0x200f, 0x061c]],
    ['zero-width characters and the BOM', [0x200b, 0x200c, 0x200d, 0xfeff]],
    ['other format characters (soft hyphen, word joiner, a tag)', [0x00ad, 0x2060, 0xe0041]],
    ['C0 controls and DEL', [0x00, 0x07, 0x09, 0x0a, 0x1b, 0x7f]],
    ['C1 controls', [0x80, 0x85, 0x9f]],
    ['line and paragraph separators', [0x2028, 0x2029]],
  ])('marks %s', (_what, codePoints) => {
    for (const codePoint of codePoints) {
      const text = `a${String.fromCodePoint(codePoint)}b`;
      expect(chainTextParts(text), codePointLabel(codePoint)).toEqual([
        { kind: 'text', text: 'a' },
        { kind: 'marked', codePoint },
        { kind: 'text', text: 'b' },
      ]);
    }
  });

  it('marks a lone surrogate (no character at all)', () => {
    expect(chainTextParts('a\ud800b')).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'marked', codePoint: 0xd800 },
      { kind: 'text', text: 'b' },
    ]);
  });

  it('gives each of several adjacent marked characters its own part', () => {
    expect(chainTextParts('\u202E\u200B')).toEqual([
      { kind: 'marked', codePoint: 0x202e },
      { kind: 'marked', codePoint: 0x200b },
    ]);
  });

  it('keeps tab and line breaks as text when asked (pre-wrapped multi-line text), still marking the rest', () => {
    expect(chainTextParts('a\tb\r\nc\u202Ed', { keepLineBreaks: true })).toEqual([
      { kind: 'text', text: 'a\tb\r\nc' },
      { kind: 'marked', codePoint: 0x202e },
      { kind: 'text', text: 'd' },
    ]);
  });

  it('leaves ordinary spaces and right-to-left letters alone (they are visible)', () => {
    expect(hasMarkedCharacters('a b\u00a0c')).toBe(false);
    expect(hasMarkedCharacters('مرحبا')).toBe(false);
  });
});

describe('codePointLabel and codePointDescription', () => {
  it('writes code points as Unicode does', () => {
    expect(codePointLabel(0x202e)).toBe('U+202E');
    expect(codePointLabel(0x7)).toBe('U+0007');
    expect(codePointLabel(0xe0041)).toBe('U+E0041');
    expect(codePointDescription(0x202e)).toBe('U+202E RIGHT-TO-LEFT OVERRIDE');
    expect(codePointDescription(0x85)).toBe('U+0085');
  });
});

describe('markedText', () => {
  it('writes marked characters as [U+XXXX] for places without markup', () => {
    expect(markedText('USDT \u202Egpj.exe')).toBe('USDT [U+202E]gpj.exe');
    expect(markedText('Tether')).toBe('Tether');
    expect(markedTextWithWarning('\u202Egnp.exe TREASURY')).toBe('[U+202E]gnp.exe TREASURY (contains invisible or direction-changing characters)');
    expect(markedTextWithWarning('Tether')).toBe('Tether');
  });

  it('leaves no control character in what it returns', () => {
    let all = '';
    for (let cp = 0; cp < 0x3000; cp++) if (cp < 0xd800 || cp > 0xdfff) all += String.fromCodePoint(cp);
    expect(markedText(all)).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
  });
});
