/**
 * The transaction list's method filter and row shaping: a name stands for every selector the
 * signature table has under it (any case), a selector for itself, an unknown name is a reason;
 * a row's method is named where the table knows it; a fee is gas used times the price paid.
 */
import { describe, expect, it } from 'vitest';
import { gasUsedPercent } from '@/lib/server/block/block-list';
import { feeOf, methodOf, parseMethod } from './tx-list';

describe('the transaction list', () => {
  it('reads method= as a selector or every selector of a name', () => {
    expect(parseMethod('transfer')).toEqual({ ok: true, value: { text: 'transfer', selectors: ['0xa9059cbb'] } });
    expect(parseMethod('Transfer')).toMatchObject({ ok: true, value: { selectors: ['0xa9059cbb'] } });
    const safe = parseMethod('safeTransferFrom');
    expect(safe.ok && safe.value?.selectors.length).toBe(3);
    expect(parseMethod('0xA9059CBB')).toEqual({ ok: true, value: { text: '0xa9059cbb', selectors: ['0xa9059cbb'] } });
    expect(parseMethod('')).toEqual({ ok: true, value: undefined });
    const unknown = parseMethod('noSuchFunction');
    expect(unknown.ok ? '' : unknown.error).toContain('give its selector');
    expect(parseMethod('0x1234').ok).toBe(false);
  });

  it('names a row\'s method where the table knows it, else gives the selector', () => {
    expect(methodOf('0xa9059cbb')).toEqual({ selector: '0xa9059cbb', name: 'transfer', signature: 'transfer(address,uint256)' });
    expect(methodOf('0xdeadbeef')).toEqual({ selector: '0xdeadbeef', name: null, signature: null });
    expect(methodOf(null)).toBeNull();
  });

  it('a fee is gas used times the price paid; a block\'s gas its share of the limit', () => {
    expect(feeOf({ gasUsed: 21_000n, gasPrice: 2n })).toBe(42_000n);
    expect(feeOf({ gasUsed: null, gasPrice: 2n })).toBeNull();
    expect(gasUsedPercent(21_000n, 30_000n)).toBe(70);
    expect(gasUsedPercent(1n, 3n)).toBe(33.33);
    expect(gasUsedPercent(null, 3n)).toBeNull();
  });
});
