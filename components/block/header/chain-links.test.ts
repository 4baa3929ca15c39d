import { describe, expect, it } from 'vitest';
import { getChain } from '@/lib/protocol/chains';
import { chainsOfLocation, locationBytes, subordinateOf } from './chain-links';

describe('chainsOfLocation', () => {
  it('maps a zone location to prime, its region and the zone', () => {
    expect(locationBytes('0x0102')).toEqual([1, 2]);
    const chains = chainsOfLocation('0x0102', getChain('paxos3'));
    expect(chains.map((c) => c?.name)).toEqual(['prime', 'paxos', 'paxos3']);
  });

  it('uses the block location for a coincident block viewed on prime', () => {
    const chains = chainsOfLocation('0x0200', getChain('prime'));
    expect(chains.map((c) => c?.name)).toEqual(['prime', 'hydra', 'hydra1']);
  });

  it('finds the subordinate chain of a region or prime block; none for a zone', () => {
    expect(subordinateOf('0x0001', getChain('cyprus'))?.name).toBe('cyprus2');
    expect(subordinateOf('0x0001', getChain('prime'))?.name).toBe('cyprus');
    expect(subordinateOf('0x0001', getChain('cyprus2'))).toBeUndefined();
  });
});
