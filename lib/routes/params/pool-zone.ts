/** Which zone names have a txpool page here: a zone (pools are zone-only) that this deployment serves. */
import { getChain, isChainName, type Chain } from '@/lib/protocol/chains';
import { getConfig } from '@/lib/ops/config';

export function poolZone(name: string): Chain | undefined {
  if (!isChainName(name)) return undefined;
  const chain = getChain(name);
  if (chain.level !== 2) return undefined;
  return getConfig().chains.some((c) => c.chain.name === name) ? chain : undefined;
}

export function configuredZones(): Chain[] {
  return getConfig().chains.map((c) => c.chain).filter((c) => c.level === 2);
}
