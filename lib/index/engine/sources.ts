/**
 * The block sources of the index: one per configured zone chain, each over its own RPC client,
 * and a client each for the trace pass and the balance pass (their batches are sent apart from block reads).
 */
import type { StrataConfig } from '@/lib/config';
import { createChainClient, type ChainClient } from '@/lib/rpc/client';
import type { BlockSource } from './block-source';

export function zoneSources(config: StrataConfig, clients?: ReadonlyMap<string, ChainClient>): BlockSource[] {
  return config.chains
    .filter((endpoint) => endpoint.chain.level === 2)
    .map((endpoint) => {
      const client = () => createChainClient({ chain: endpoint.chain, url: endpoint.url, namespace: config.namespace, timeoutMs: config.timeoutMs });
      return { chain: endpoint.chain.name, client: clients?.get(endpoint.chain.name) ?? client(), traceClient: client(), balanceClient: client() };
    });
}
