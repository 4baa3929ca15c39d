import { describe, expect, test } from 'vitest';
import type { ChainTip, TipsSnapshot } from '@/lib/tips/tips-types';
import { tipKeyOf, tipPathOf } from './tip-pages';

const none = new URLSearchParams();

function tip(chain: ChainTip['chain'], hash: string): ChainTip {
  return {
    chain, label: chain, level: chain === 'prime' ? 0 : 2, height: '5', numbers: ['1', '1', '5'], hash, timestamp: '1700000000',
    avgBlockTimeMs: 1000, blockTimeSample: 5, txpool: { kind: 'not-zone' }, syncing: null, error: null,
  };
}

function snapshot(prime: string, zone: string, fetchedAt = 1): TipsSnapshot {
  return { fetchedAt, chains: [tip('prime', prime), tip('cyprus1', zone)], latestBlocks: [], latestTransactions: [] };
}

describe('pages that follow the tip', () => {
  test('only the plain home page and a chain overview spelled plainly are kept', () => {
    expect(tipPathOf('/', none)).toEqual({ path: '/', label: '/' });
    expect(tipPathOf('/chain/cyprus1', none)).toEqual({ path: '/chain/cyprus1', label: '/chain/[chain]', chain: 'cyprus1' });
    expect(tipPathOf('/', new URLSearchParams('x=1'))).toBeUndefined();
    expect(tipPathOf('/chain/Cyprus1', none)).toBeUndefined();
    expect(tipPathOf('/chain/atlantis', none)).toBeUndefined();
    expect(tipPathOf('/chain/cyprus1/block/1', none)).toBeUndefined();
    expect(tipPathOf('/network', none)).toEqual({ path: '/network', label: '/network', index: true });
    expect(tipPathOf('/network', new URLSearchParams('db=prime'))).toBeUndefined();
  });

  test('a key changes with what the page shows, not with when the snapshot was read', () => {
    const home = tipPathOf('/', none)!;
    const zone = tipPathOf('/chain/cyprus1', none)!;
    expect(tipKeyOf(home, snapshot('0xa', '0xb', 1))).toBe(tipKeyOf(home, snapshot('0xa', '0xb', 2)));
    expect(tipKeyOf(home, snapshot('0xa', '0xb'))).not.toBe(tipKeyOf(home, snapshot('0xa', '0xc')));
    // A chain's overview follows its own head only.
    expect(tipKeyOf(zone, snapshot('0xa', '0xb'))).toBe(tipKeyOf(zone, snapshot('0xd', '0xb')));
    expect(tipKeyOf(zone, snapshot('0xa', '0xb'))).not.toBe(tipKeyOf(zone, snapshot('0xa', '0xc')));
    // A chain the snapshot does not have (not configured) is never kept.
    expect(tipKeyOf(tipPathOf('/chain/cyprus2', none)!, snapshot('0xa', '0xb'))).toBeUndefined();
  });
});
