/**
 * The RPC client of one chain, viem style: `RpcClient` is the small core (chain, namespace,
 * transport); every action is a function `(client, params)` in ./actions/; `createChainClient`
 * returns a client with all actions bound (`client.getBalance({ address })`).
 *
 *   const clients = createNetworkClients(getConfig());
 *   const block = await clients.get('cyprus1')?.getBlockByNumber({ blockNumber: 'latest' });
 */
import { getChain, type Chain, type ChainName } from '@/lib/chains';
import type { StrataConfig } from '@/lib/config';
import { createTransport, type TransportConfig } from './transport';
import { chainActions, type ChainActions } from './chain-actions';
import type { RpcClient } from './core';

export type { RpcClient } from './core';
export { methodName } from './core';

export interface ChainClientOptions {
  readonly chain: Chain | ChainName;
  readonly url: string;
  /** Default `quai`. */
  readonly namespace?: string;
  /** Per HTTP request; default 10 000 ms. */
  readonly timeoutMs?: number;
  /** Coalescing of concurrent calls (default on); see TransportConfig. */
  readonly batch?: TransportConfig['batch'];
}

export type ChainClient = RpcClient & ChainActions;

export function createRpcClient(options: ChainClientOptions): RpcClient {
  const chain = typeof options.chain === 'string' ? getChain(options.chain) : options.chain;
  const transport = createTransport({
    chain: chain.name,
    url: options.url,
    timeoutMs: options.timeoutMs ?? 10_000,
    batch: options.batch,
  });
  return { chain, namespace: options.namespace ?? 'quai', url: transport.url, transport };
}

/** A client of one chain with every action bound. */
export function createChainClient(options: ChainClientOptions): ChainClient {
  const client = createRpcClient(options);
  return { ...client, ...chainActions(client) };
}

/** One client per configured chain, keyed by chain name, in registry order. */
export function createNetworkClients(config: StrataConfig): ReadonlyMap<ChainName, ChainClient> {
  return new Map(
    config.chains.map((endpoint) => [
      endpoint.chain.name,
      createChainClient({ chain: endpoint.chain, url: endpoint.url, namespace: config.namespace, timeoutMs: config.timeoutMs }),
    ]),
  );
}
