/**
 * The lists' query parsers: each parameter's words, a repeated parameter refused, an absent chain
 * the first one read, a region where a zone is needed said so, and the route table's shape checks
 * accepting exactly what the parsers read (an empty value included: a filter form's "any").
 */
import { describe, expect, it } from 'vitest';
import { getChain, type ChainName } from '@/lib/protocol/chains';
import { LIST_PARAM_CHECKS, parseChoice, parseListChain, parsePage, parseQ, searchOf, single, TX_STATUSES } from './list-query';

const chains = (['prime', 'cyprus', 'cyprus1', 'cyprus2'] as ChainName[]).map(getChain);

describe('list parameters', () => {
  it('reads a page: limit 1..100 (25 by default) and a cursor, each once', () => {
    expect(parsePage(new URLSearchParams(''))).toEqual({ ok: true, value: { limit: 25, cursor: null } });
    expect(parsePage(new URLSearchParams('limit=100&cursor=abc_-1'))).toEqual({ ok: true, value: { limit: 100, cursor: 'abc_-1' } });
    for (const bad of ['limit=0', 'limit=101', 'limit=x', 'cursor=%27', 'limit=5&limit=6']) expect(parsePage(new URLSearchParams(bad)).ok, bad).toBe(false);
  });

  it('reads a chain among those the explorer reads; absent, the first; a zone where only zones will do', () => {
    expect(parseListChain(undefined, chains, { zonesOnly: false })).toEqual({ ok: true, value: getChain('prime') });
    expect(parseListChain(undefined, chains, { zonesOnly: true })).toEqual({ ok: true, value: getChain('cyprus1') });
    expect(parseListChain('cyprus', chains, { zonesOnly: false })).toEqual({ ok: true, value: getChain('cyprus') });
    const region = parseListChain('cyprus', chains, { zonesOnly: true });
    expect(region.ok ? '' : region.error).toContain('not a zone');
    const unread = parseListChain('hydra1', chains, { zonesOnly: true });
    expect(unread.ok ? '' : unread.error).toContain('does not read Hydra 1');
    const unknown = parseListChain('atlantis', chains, { zonesOnly: false });
    expect(unknown.ok ? '' : unknown.error).toContain('atlantis');
  });

  it('reads a choice, a q and a single value, saying what is wrong', () => {
    expect(parseChoice('failed', TX_STATUSES, 'status')).toEqual({ ok: true, value: 'failed' });
    expect(parseChoice('', TX_STATUSES, 'status')).toEqual({ ok: true, value: undefined });
    const bad = parseChoice('maybe', TX_STATUSES, 'status');
    expect(bad.ok ? '' : bad.error).toBe('status must be one of success, failed, got "maybe"');
    expect(parseQ('  Dev ')).toEqual({ ok: true, value: 'Dev' });
    expect(parseQ('   ')).toEqual({ ok: true, value: undefined });
    expect(parseQ('x'.repeat(65)).ok).toBe(false);
    expect(single(new URLSearchParams('q=a&q=b'), 'q').ok).toBe(false);
    expect(searchOf({ a: ['1', '2'], b: '3', c: undefined }).toString()).toBe('a=1&a=2&b=3');
  });

  it('the route table keeps what the parsers read, and answers the rest per request', () => {
    expect(['', 'cyprus1', 'prime'].every(LIST_PARAM_CHECKS.chain)).toBe(true);
    expect(LIST_PARAM_CHECKS.chain('atlantis')).toBe(false);
    expect(['', 'success', 'failed'].every(LIST_PARAM_CHECKS.status)).toBe(true);
    expect(['', 'internal', 'contract-creation', 'etx-sent', 'etx-received'].every(LIST_PARAM_CHECKS.kind)).toBe(true);
    expect(['', 'transfer', '0xa9059cbb'].every(LIST_PARAM_CHECKS.method)).toBe(true);
    expect(['0x12', 'no such'].some(LIST_PARAM_CHECKS.method)).toBe(false);
    expect(['', 'erc20', 'erc721', 'erc1155'].every(LIST_PARAM_CHECKS.standard)).toBe(true);
    expect(LIST_PARAM_CHECKS.q('x'.repeat(65))).toBe(false);
  });
});
