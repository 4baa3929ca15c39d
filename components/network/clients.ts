/**
 * The typed RPC clients (lib/rpc) of every configured chain, one set per process, for the
 * address, txpool, fees, network and broadcast pages and their API routes.
 *
 * Kept on globalThis for the reason lib/server/clients.ts gives: Next bundles routes, pages and
 * proxy.ts separately, and each bundle (and each dev reload) would otherwise open its own
 * transports and lose the per-chain batching.
 */
import type { ChainName } from '@/lib/chains';
import { getConfig } from '@/lib/config';
import { createNetworkClients, type ChainClient } from '@/lib/rpc/client';

const KEY = Symbol.for('strata.pages.chain-clients');
type Holder = { [KEY]?: ReadonlyMap<ChainName, ChainClient> };

export function chainClients(): ReadonlyMap<ChainName, ChainClient> {
  const holder = globalThis as Holder;
  holder[KEY] ??= createNetworkClients(getConfig());
  return holder[KEY];
}

/** The client of one chain, or undefined when the deployment does not serve that chain. */
export function chainClient(name: ChainName): ChainClient | undefined {
  return chainClients().get(name);
}
