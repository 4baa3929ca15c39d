/**
 * Which chain holds each level of a block: a block mined in zone (r, z) sits at level 0 in prime,
 * level 1 in region r, level 2 in zone (r, z) — read from the block's own location, so it also
 * works for coincident blocks shown on a region or prime chain.
 */
import type { Hex } from 'viem';
import { chainAtLocation, type Chain, type Level } from '@/lib/protocol/chains';

export function locationBytes(location: Hex): number[] {
  const body = location.slice(2);
  const bytes: number[] = [];
  for (let i = 0; i + 2 <= body.length; i += 2) bytes.push(parseInt(body.slice(i, i + 2), 16));
  return bytes;
}

/** The chain at each level (0..2) for a block with this location; undefined where the location is too short. */
export function chainsOfLocation(location: Hex, viewedOn: Chain): (Chain | undefined)[] {
  const bytes = locationBytes(location);
  // Fall back to the viewing chain's own location when the block's is shorter (region/prime-mined data).
  const path = bytes.length >= viewedOn.location.length ? bytes : [...viewedOn.location];
  return ([0, 1, 2] as Level[]).map((level) => (level <= path.length ? chainAtLocation(path.slice(0, level)) : undefined));
}

/** The chain one level below `chain` that a block's subManifest lists blocks of. */
export function subordinateOf(location: Hex, chain: Chain): Chain | undefined {
  if (chain.level === 2) return undefined;
  return chainsOfLocation(location, chain)[chain.level + 1];
}
