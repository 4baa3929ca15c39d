import { describe, expect, it } from 'vitest';
import { answerReport, check, failedOn, mergeReports, prefixed, sameHex } from './answer';

describe('answer reports', () => {
  const report = answerReport([check('hash', '0xaa', '0xaa', true), check('number[2]', '349', '350', false, 'off by one')]);

  it('keeps the failed checks apart, with their note', () => {
    expect(report.failed).toEqual([{ field: 'number[2]', expected: '349', got: '350', ok: false, note: 'off by one' }]);
    expect(failedOn(report, 'number[2]')?.got).toBe('350');
    expect(failedOn(report, 'hash')).toBeUndefined();
    expect(failedOn(undefined, 'hash')).toBeUndefined();
  });

  it('prefixes fields to merge the reports of several answers without clashes', () => {
    const merged = mergeReports(prefixed(report, 'Cyprus 1'), prefixed(answerReport([check('hash', '0x1', '0x2', false)]), 'block'), undefined);
    expect(merged.checks.map((c) => c.field)).toEqual(['Cyprus 1 hash', 'Cyprus 1 number[2]', 'block hash']);
    expect(merged.failed.map((c) => c.field)).toEqual(['Cyprus 1 number[2]', 'block hash']);
  });

  it('compares hex case-insensitively and never equates a missing value', () => {
    expect(sameHex('0xAB', '0xab')).toBe(true);
    expect(sameHex(null, null)).toBe(false);
  });
});
