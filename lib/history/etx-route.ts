/**
 * Which dominant chain carries an ETX between two zones: their common region when both sit in
 * one, else prime. The ETX waits in the origin zone until a block of that chain coincides with
 * the zone (a region or prime block), which rolls it up and hands it down to the destination.
 * Browser-safe and pure.
 */
import { dominantAt, getChain, PRIME, REGION, type Chain, type ChainName } from '@/lib/protocol/chains';

export interface EtxRoute {
  readonly origin: Chain;
  readonly destination: Chain;
  /** The chain whose coincident block the ETX waits for. */
  readonly via: Chain;
  readonly level: 'region' | 'prime';
}

export function etxRoute(origin: ChainName, destination: ChainName): EtxRoute {
  const o = getChain(origin);
  const d = getChain(destination);
  const sameRegion = o.region !== undefined && o.region === d.region;
  const via = dominantAt(o, sameRegion ? REGION : PRIME);
  return { origin: o, destination: d, via, level: sameRegion ? 'region' : 'prime' };
}
