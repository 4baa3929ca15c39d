import { describe, expect, test } from 'vitest';
import { finalityDepth } from '@/lib/server/node/finality-depth';
import type { ChainTip, TipsSnapshot } from '@/lib/network/tips-types';
import { tipPart } from './variant';

function tip(chain: ChainTip['chain'], hash: string): ChainTip {
  return {
    chain, label: chain, level: chain === 'prime' ? 0 : 2, height: '5', numbers: ['1', '1', '5'], hash, timestamp: '1700000000',
    avgBlockTimeMs: 1000, blockTimeSample: 5, txpool: { kind: 'not-zone' }, syncing: null, error: null,
  };
}

function snapshot(prime: string, zone: string, fetchedAt = 1): TipsSnapshot {
  return { fetchedAt, chains: [tip('prime', prime), tip('cyprus1', zone)], latestBlocks: [], latestTransactions: [] };
}

describe('the copy of a page that follows the tip', () => {
  test('changes with what the page shows, not with when the snapshot was read', () => {
    const home = { params: {} };
    const zone = { params: { chain: 'cyprus1' } };
    expect(tipPart(home, snapshot('0xa', '0xb', 1))).toBe(tipPart(home, snapshot('0xa', '0xb', 2)));
    expect(tipPart(home, snapshot('0xa', '0xb'))).not.toBe(tipPart(home, snapshot('0xa', '0xc')));
    // A chain's overview follows its own head only.
    expect(tipPart(zone, snapshot('0xa', '0xb'))).toBe(tipPart(zone, snapshot('0xd', '0xb')));
    expect(tipPart(zone, snapshot('0xa', '0xb'))).not.toBe(tipPart(zone, snapshot('0xa', '0xc')));
    // A chain the snapshot does not have (not configured) is never kept.
    expect(tipPart({ params: { chain: 'cyprus2' } }, snapshot('0xa', '0xb'))).toBeUndefined();
  });

  test('a page is final STRATA_FINALITY_DEPTH blocks deep (20 by default)', () => {
    expect(finalityDepth({})).toBe(20n);
    expect(finalityDepth({ STRATA_FINALITY_DEPTH: '4' })).toBe(4n);
    expect(finalityDepth({ STRATA_FINALITY_DEPTH: 'x' })).toBe(20n);
  });
});
