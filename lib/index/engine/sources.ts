/**
 * The block sources of the index: one per configured zone chain, each over its own RPC client,
 * and a client each for the trace pass and the balance pass (their batches are sent apart from block reads).
 */
import type { StrataConfig } from '@/lib/ops/config';
import { createChainClient, type ChainClient } from '@/lib/rpc/client';
import type { BlockSource } from './block-source';

export function zoneSources(config: StrataConfig, clients?: ReadonlyMap<string, ChainClient>): BlockSource[] {
  return config.chains
    .filter((endpoint) => endpoint.chain.level === 2)
    .map((endpoint) => {
      // Within the gas cap: the index reads the facts of any contract that emits a Transfer, its code anyone's.
      const client = () => createChainClient({ chain: endpoint.chain, url: endpoint.url, namespace: config.namespace, timeoutMs: config.timeoutMs, callGasCap: config.callGasCap });
      // The node's trace budget a second inside the client's timeout: the node's "execution timeout" arrives before the client gives up.
      const traceBudgetMs = Math.max(Math.floor(config.timeoutMs / 2), config.timeoutMs - 1_000);
      return { chain: endpoint.chain.name, client: clients?.get(endpoint.chain.name) ?? client(), traceClient: client(), traceBudgetMs, balanceClient: client() };
    });
}
