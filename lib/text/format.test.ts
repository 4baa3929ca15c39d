import { describe, expect, test } from 'vitest';
import {
  formatAge, formatBytes, formatDecimalString, formatDuration, formatFraction, formatGweiAmount,
  formatInteger, formatPercent, formatQuai, formatTokenAmount, formatUtc, formatWei, plural, shortenHex,
} from './format';

describe('formatInteger', () => {
  test('groups thousands, keeps sign, accepts number and bigint', () => {
    expect(formatInteger(0n)).toBe('0');
    expect(formatInteger(999)).toBe('999');
    expect(formatInteger(1000)).toBe('1,000');
    expect(formatInteger(-1234567n)).toBe('-1,234,567');
    // Beyond 2^53: bigint stays exact.
    expect(formatInteger(2n ** 64n)).toBe('18,446,744,073,709,551,616');
  });
});

describe('amounts', () => {
  test('QUAI from wei is exact and trimmed', () => {
    expect(formatQuai(10n ** 18n)).toBe('1 QUAI');
    expect(formatQuai(15n * 10n ** 17n)).toBe('1.5 QUAI');
    expect(formatQuai(1234567n * 10n ** 18n)).toBe('1,234,567 QUAI');
    expect(formatQuai(0n)).toBe('0 QUAI');
  });
  test('cuts to the requested decimals toward zero', () => {
    // 1.23456789 QUAI shown with 6 decimals → 1.234567 (not rounded up to …568).
    expect(formatQuai(1_234_567_890_000_000_000n)).toBe('1.234567 QUAI');
  });
  test('a tiny non-zero amount never reads as zero', () => {
    expect(formatQuai(1n)).toBe('<0.000001 QUAI');
    expect(formatDecimalString('-0.0000001', 6)).toBe('>-0.000001');
  });
  test('gwei and wei', () => {
    expect(formatGweiAmount(1_000_000_000n)).toBe('1 gwei');
    expect(formatGweiAmount(1_500_000_000n)).toBe('1.5 gwei');
    expect(formatWei(21000n)).toBe('21,000 wei');
  });
});

describe('percentages', () => {
  test('bigint ratio with rounding half up', () => {
    expect(formatPercent(15_000_000n, 30_000_000n)).toBe('50.0%');
    expect(formatPercent(1n, 3n)).toBe('33.3%');
    expect(formatPercent(2n, 3n)).toBe('66.7%');
    expect(formatPercent(1n, 8n, 2)).toBe('12.50%');
    expect(formatPercent(5n, 0n)).toBe('—');
  });
  test('fractions', () => {
    expect(formatFraction(0.5)).toBe('50.0%');
    expect(formatFraction(Number.NaN)).toBe('—');
  });
});

describe('durations and times', () => {
  test('durations at the useful precision', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(1500)).toBe('1.5 s');
    expect(formatDuration(42_000)).toBe('42 s');
    expect(formatDuration(95_000)).toBe('1 min 35 s');
    expect(formatDuration(7_200_000)).toBe('2 h');
    expect(formatDuration(90_000_000)).toBe('1 d 1 h');
  });
  test('age relative to now', () => {
    const now = 1_700_000_100_000;
    expect(formatAge(1_700_000_088, now)).toBe('12 s ago');
    expect(formatAge(1_700_000_100, now)).toBe('just now');
    // Whole seconds, as the timestamp counts them: 1.8 s and 9.9 s read as 1 s and 9 s.
    expect(formatAge(1_700_000_098, now + 800)).toBe('2 s ago');
    expect(formatAge(1_700_000_099, now + 800)).toBe('1 s ago');
    expect(formatAge(1_700_000_090, now + 900)).toBe('10 s ago');
    expect(formatAge(1_700_000_091, now + 900)).toBe('9 s ago');
    expect(formatAge(1_700_000_105, now)).toBe('in 5 s');
    expect(formatAge(1_700_000_100 - 3 * 3600 - 60, now)).toBe('3 h 1 min ago');
  });
  test('UTC', () => {
    // 1700000000 is 2023-11-14T22:13:20Z.
    expect(formatUtc(1_700_000_000n)).toBe('2023-11-14 22:13:20 UTC');
  });
});

describe('misc', () => {
  test('shortenHex keeps prefix and tail', () => {
    const hash = `0x${'ab'.repeat(32)}`;
    expect(shortenHex(hash, 6, 4)).toBe('0xababab…abab');
    expect(shortenHex('0x1234')).toBe('0x1234');
  });
  test('bytes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
  });
});

describe('token amounts and plurals', () => {
  test('formatTokenAmount: the token decimals, grouped, trimmed', () => {
    expect(formatTokenAmount(1_234_500_000_000_000_000_000n, 18)).toBe('1,234.5');
    expect(formatTokenAmount(1_000_000n, 6)).toBe('1');
    expect(formatTokenAmount(5n, 0)).toBe('5');
    expect(formatTokenAmount(1n, 18)).toBe('<0.000001');
  });

  test('plural: one is singular, everything else plural, counts grouped', () => {
    expect(plural(1n, 'confirmation')).toBe('1 confirmation');
    expect(plural(0, 'confirmation')).toBe('0 confirmations');
    expect(plural(1234n, 'entry', 'entries')).toBe('1,234 entries');
  });
});
