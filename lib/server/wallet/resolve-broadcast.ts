/**
 * The resolver of `/broadcast` (lib/routes/resolver.ts): whether this deployment sends
 * transactions for its readers (STRATA_BROADCAST) and what the form checks a pasted transaction
 * against: the network's chain id and the zones served. Turned off, the page answers 404 with
 * app/broadcast/not-found.tsx saying so.
 */
import type { ChainName } from '@/lib/protocol/chains';
import { getConfig } from '@/lib/ops/config';
import { found, type Resolver } from '@/lib/routes/resolver';

export interface BroadcastPageView {
  readonly enabled: boolean;
  readonly expectedChainId: string | undefined;
  readonly zones: readonly ChainName[];
}

export const resolveBroadcast: Resolver<BroadcastPageView> = async () => {
  const config = getConfig();
  return found({ enabled: config.broadcastEnabled, expectedChainId: config.expectedChainId?.toString(), zones: config.chains.map((c) => c.chain.name) });
};
