import { describe, expect, it } from 'vitest';
import { getChain } from '@/lib/protocol/chains';
import { assessSync, stallThresholdSec, STALL_FLOOR_SEC } from './sync';

const now = 1_700_000_000;
const head = (p: number, r: number, z: number, age = 2) => ({
  number: [BigInt(p), BigInt(r), BigInt(z)] as const,
  timestamp: BigInt(now - age),
});

describe('assessSync', () => {
  it('trusts syncing=false on prime', () => {
    const v = assessSync({ chain: getChain('prime'), syncing: false, head: head(10, 30, 90), dominantTips: new Map(), nowSec: now });
    expect(v.state).toBe('synced');
    expect(v.syncingReliable).toBe(true);
    expect(v.reason).toContain('reports prime synced');
  });

  it('does not rely on syncing=false for a zone, and checks it against the prime and region tips', () => {
    const zone = getChain('cyprus1');
    const ok = assessSync({ chain: zone, syncing: false, head: head(10, 30, 90), dominantTips: new Map([[0, 10n], [1, 31n]]), nowSec: now });
    expect(ok.state).toBe('synced');
    expect(ok.syncingReliable).toBe(false);
    expect(ok.reason).toContain('prime and region');

    const behind = assessSync({ chain: zone, syncing: false, head: head(10, 30, 90), dominantTips: new Map([[0, 14n], [1, 31n]]), nowSec: now });
    expect(behind.state).toBe('behind');
    expect(behind.reason).toContain('prime #10');
    expect(behind.reason).toContain('#14');
    expect(behind.reason).toContain('4 prime blocks behind');
  });

  it('ignores dominant tips of levels at or below the chain', () => {
    const region = getChain('paxos');
    const v = assessSync({ chain: region, syncing: false, head: head(5, 7, 0), dominantTips: new Map([[1, 100n], [2, 100n]]), nowSec: now });
    expect(v.state).toBe('synced');
  });

  it('reports syncing with progress, flagged as unreliable off prime', () => {
    const v = assessSync({
      chain: getChain('hydra3'), syncing: { currentBlock: 50n, highestBlock: 200n }, head: head(1, 1, 50),
      dominantTips: new Map(), nowSec: now,
    });
    expect(v.state).toBe('syncing');
    expect(v.progress).toBeCloseTo(0.25);
    expect(v.reason).toContain('25.0%');
    expect(v.syncingReliable).toBe(false);
  });

  it('calls a chain whose head stopped moving stalled even when the node says synced', () => {
    const v = assessSync({ chain: getChain('prime'), syncing: false, head: head(1, 1, 1, 600), dominantTips: new Map(), avgBlockTimeSec: 10, nowSec: now });
    expect(v.state).toBe('stalled');
    expect(v.reason).toContain('600 s');
  });

  it('scales the stall threshold with the block time, never below the floor', () => {
    expect(stallThresholdSec(1)).toBe(STALL_FLOOR_SEC);
    expect(stallThresholdSec(30)).toBe(300);
    expect(stallThresholdSec(undefined)).toBe(STALL_FLOOR_SEC * 2);
    const slowPrime = assessSync({ chain: getChain('prime'), syncing: false, head: head(1, 1, 1, 200), dominantTips: new Map(), avgBlockTimeSec: 30, nowSec: now });
    expect(slowPrime.state).toBe('synced');
  });

  it('says unknown when the head is unreadable', () => {
    expect(assessSync({ chain: getChain('cyprus'), syncing: undefined, head: undefined, dominantTips: new Map(), nowSec: now }).state).toBe('unknown');
  });
});
