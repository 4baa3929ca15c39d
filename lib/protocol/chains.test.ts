import { describe, expect, it } from 'vitest';
import { CHAINS, ZONES, chainAtLocation, dominantAt, getChain, parentChain, subordinateChains, zoneOf } from './chains';

describe('chain registry', () => {
  it('has 1 prime, 3 regions and 9 zones with unique ports', () => {
    expect(CHAINS).toHaveLength(13);
    expect(CHAINS.filter((c) => c.level === 0).map((c) => c.name)).toEqual(['prime']);
    expect(CHAINS.filter((c) => c.level === 1).map((c) => c.name)).toEqual(['cyprus', 'paxos', 'hydra']);
    expect(ZONES.map((c) => c.name)).toEqual([
      'cyprus1', 'cyprus2', 'cyprus3', 'paxos1', 'paxos2', 'paxos3', 'hydra1', 'hydra2', 'hydra3',
    ]);
    expect(new Set(CHAINS.map((c) => c.defaultPort)).size).toBe(13);
  });

  it('uses go-quai default ports from the protocol notes', () => {
    expect(getChain('prime').defaultPort).toBe(8546);
    expect(getChain('cyprus').defaultPort).toBe(8578);
    expect(getChain('paxos1').defaultPort).toBe(8512);
    expect(getChain('cyprus2').defaultPort).toBe(8542);
    expect(getChain('hydra3').defaultPort).toBe(8678);
  });

  it('maps locations both ways', () => {
    expect(getChain('hydra3').location).toEqual([2, 2]);
    expect(chainAtLocation([0, 0])?.name).toBe('cyprus1');
    expect(chainAtLocation([1])?.name).toBe('paxos');
    expect(chainAtLocation([])?.name).toBe('prime');
    expect(chainAtLocation([3, 0])).toBeUndefined();
  });

  it('knows the hierarchy', () => {
    expect(parentChain(getChain('paxos2'))?.name).toBe('paxos');
    expect(parentChain(getChain('paxos'))?.name).toBe('prime');
    expect(parentChain(getChain('prime'))).toBeUndefined();
    expect(subordinateChains(getChain('hydra')).map((c) => c.name)).toEqual(['hydra1', 'hydra2', 'hydra3']);
    expect(dominantAt(getChain('hydra2'), 0).name).toBe('prime');
    expect(dominantAt(getChain('hydra2'), 1).name).toBe('hydra');
    expect(dominantAt(getChain('hydra2'), 2).name).toBe('hydra2');
    expect(() => dominantAt(getChain('hydra'), 2)).toThrow();
  });
});

describe('zoneOf', () => {
  const cases: Array<[string, string]> = [
    ['0x00', 'cyprus1'], ['0x1d', 'cyprus1'], ['0x1e', 'cyprus2'], ['0x3a', 'cyprus2'],
    ['0x3b', 'cyprus3'], ['0x57', 'cyprus3'], ['0x58', 'paxos1'], ['0x73', 'paxos1'],
    ['0x74', 'paxos2'], ['0x8f', 'paxos2'], ['0x90', 'paxos3'], ['0xab', 'paxos3'],
    ['0xac', 'hydra1'], ['0xc7', 'hydra1'], ['0xc8', 'hydra2'], ['0xe3', 'hydra2'],
    ['0xe4', 'hydra3'], ['0xff', 'hydra3'],
  ];
  it.each(cases)('first byte %s belongs to %s (range edges from the notes)', (prefix, zone) => {
    expect(zoneOf(prefix + '11'.repeat(19)).name).toBe(zone);
  });

  it('covers every first byte exactly once', () => {
    for (let b = 0; b < 256; b++) {
      const owners = ZONES.filter((z) => z.addressRange && b >= z.addressRange[0] && b <= z.addressRange[1]);
      expect(owners).toHaveLength(1);
    }
  });

  it('accepts mixed case and rejects non-addresses', () => {
    expect(zoneOf('0x186Da4CC9d99CB7A2b770b370311887c64e6AC78').name).toBe('cyprus1');
    expect(() => zoneOf('0x1234')).toThrow(/Not an address/);
    expect(() => zoneOf('186da4cc9d99cb7a2b770b370311887c64e6ac78')).toThrow(/Not an address/);
  });
});
