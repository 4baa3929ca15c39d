import { describe, expect, it } from 'vitest';
import { addressHref, parseAsOf, parseSlot } from './address-params';

describe('parseAsOf', () => {
  it('reads latest, decimal and hex block numbers', () => {
    expect(parseAsOf(undefined)).toEqual({ ok: true, value: 'latest' });
    expect(parseAsOf(' Latest ')).toEqual({ ok: true, value: 'latest' });
    expect(parseAsOf('1200')).toEqual({ ok: true, value: 1200n });
    expect(parseAsOf('0x4b0')).toEqual({ ok: true, value: 1200n });
  });
  it('refuses anything else', () => {
    expect(parseAsOf('pending').ok).toBe(false);
    expect(parseAsOf('-1').ok).toBe(false);
    expect(parseAsOf('12a').ok).toBe(false);
  });
});

describe('parseSlot', () => {
  it('pads decimal and short hex slots to the 32-byte key', () => {
    expect(parseSlot('0')).toEqual({ ok: true, value: `0x${'0'.repeat(64)}` });
    expect(parseSlot('10')).toEqual({ ok: true, value: `0x${'0'.repeat(63)}a` });
    expect(parseSlot('0x1')).toEqual({ ok: true, value: `0x${'0'.repeat(63)}1` });
    const full = `0x${'ab'.repeat(32)}`;
    expect(parseSlot(full)).toEqual({ ok: true, value: full });
  });
  it('is absent when empty and refuses junk and oversize values', () => {
    expect(parseSlot('')).toBeUndefined();
    expect(parseSlot('slot')?.ok).toBe(false);
    expect(parseSlot(`0x${'f'.repeat(65)}`)?.ok).toBe(false);
    expect(parseSlot((1n << 256n).toString())?.ok).toBe(false);
  });
});

describe('addressHref', () => {
  it('keeps only the controls that differ from the defaults', () => {
    const a = '0x00000000000000000000000000000000000000aa';
    expect(addressHref(a, {})).toBe(`/address/${a}`);
    expect(addressHref(a, { block: 'latest', slot: '0' })).toBe(`/address/${a}?slot=0`);
    expect(addressHref(a, { block: 5n, tab: 'contract' })).toBe(`/address/${a}?block=5&tab=contract`);
  });
});
