/**
 * Which chains a devnet runs: "RxZ" = the first R regions with their first Z zones each, always
 * with prime. "3x3" is the full network (13 chains); "1x1" is prime + cyprus + cyprus1, the
 * smallest hierarchy that still has every level (what tests use).
 */
import { CHAINS, ZONES, type Chain } from '@/lib/protocol/chains';

export interface Topology {
  readonly name: string;
  readonly regions: number;
  readonly zonesPerRegion: number;
  /** Prime, then the regions, then the zones, in registry order. */
  readonly chains: readonly Chain[];
  readonly zones: readonly Chain[];
}

export function parseTopology(spec: string): Topology {
  const match = /^([1-3])x([1-3])$/.exec(spec.trim());
  if (!match) throw new Error(`topology must be RxZ with R and Z in 1..3 (e.g. 3x3, 1x1), got "${spec}"`);
  const regions = Number(match[1]);
  const zonesPerRegion = Number(match[2]);
  const keep = (c: Chain): boolean =>
    (c.region === undefined || c.region < regions) && (c.zone === undefined || c.zone < zonesPerRegion);
  const chains = CHAINS.filter(keep);
  return {
    name: `${regions}x${zonesPerRegion}`,
    regions,
    zonesPerRegion,
    chains,
    zones: ZONES.filter(keep),
  };
}
