import { describe, expect, it } from 'vitest';
import { CHAINS, getChain } from '@/lib/protocol/chains';
import { parseBlockRef, parseChain, parseIndex, parseTxHash } from './block-id';

const HASH = `0x${'ab'.repeat(32)}`;

describe('parseBlockRef', () => {
  it('reads decimal and hex heights', () => {
    expect(parseBlockRef('0')).toEqual({ ok: true, value: { kind: 'number', number: 0n } });
    expect(parseBlockRef('12345')).toEqual({ ok: true, value: { kind: 'number', number: 12345n } });
    expect(parseBlockRef('0x10')).toEqual({ ok: true, value: { kind: 'number', number: 16n } });
  });

  it('reads a 32-byte hash, lower-cased', () => {
    expect(parseBlockRef(HASH.toUpperCase().replace('0X', '0x'))).toEqual({ ok: true, value: { kind: 'hash', hash: HASH } });
  });

  it('explains a short hash by its digit count', () => {
    const r = parseBlockRef('0x1234567890abcdef1234');
    expect(r).toEqual({ ok: false, reason: '"0x1234567890abcdef1234" is not a block hash: a hash has 64 hex digits, this has 20.' });
  });

  it('rejects garbage, negative numbers and heights beyond 2^63', () => {
    for (const bad of ['abc', '-1', '1.5', '', '0xzz', '99999999999999999999', `${HASH}00`]) {
      expect(parseBlockRef(bad).ok, bad).toBe(false);
    }
  });

  it('decodes percent-encoded params', () => {
    expect(parseBlockRef('%2012%20').ok).toBe(true);
  });
});

describe('parseIndex', () => {
  it('accepts small whole numbers and rejects the rest with the kind named', () => {
    expect(parseIndex('3', 'uncle')).toEqual({ ok: true, value: 3 });
    const bad = parseIndex('x', 'transaction');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.reason).toContain('not a transaction index');
    expect(parseIndex('1234567', 'uncle').ok).toBe(false);
    expect(parseIndex('-1', 'uncle').ok).toBe(false);
  });
});

describe('parseTxHash', () => {
  it('accepts 0x + 64 hex digits only', () => {
    expect(parseTxHash(HASH)).toEqual({ ok: true, value: HASH });
    const r = parseTxHash('0x1234');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain('this has 4 hex digits');
    expect(parseTxHash('hello').ok).toBe(false);
  });
});

describe('parseChain', () => {
  it('accepts configured chains and explains unknown or unserved ones', () => {
    expect(parseChain('Cyprus1', CHAINS)).toEqual({ ok: true, value: getChain('cyprus1') });
    const unknown = parseChain('mars', CHAINS);
    expect(unknown.ok).toBe(false);
    const unserved = parseChain('paxos2', [getChain('cyprus1')]);
    expect(unserved).toEqual({ ok: false, reason: 'Paxos 2 is not served by this explorer\'s configuration.' });
  });
});
