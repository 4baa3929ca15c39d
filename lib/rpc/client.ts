/**
 * The RPC client of one chain, viem style: `RpcClient` is the small core (chain, namespace,
 * transport); every action is a function `(client, params)` in ./actions/; `createChainClient`
 * returns a client with all actions bound (`client.getBalance({ address })`).
 *
 *   const clients = createNetworkClients(getConfig());
 *   const block = await clients.get('cyprus1')?.getBlockByNumber({ blockNumber: 'latest' });
 */
import { getChain, type Chain, type ChainName } from '@/lib/protocol/chains';
import type { StrataConfig } from '@/lib/ops/config';
import { createTransport, type TransportConfig } from './transport';
import { laneTransport, WorkLane } from './work-lane';
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
  /** The gas of every message it asks the node to run (RpcClient.callGasCap); default: none. */
  readonly callGasCap?: bigint;
  /** Every request waits for a slot of this lane (./work-lane.ts): a client for callers' calls. */
  readonly lane?: WorkLane;
}

export type ChainClient = RpcClient & ChainActions;

export function createRpcClient(options: ChainClientOptions): RpcClient {
  const chain = typeof options.chain === 'string' ? getChain(options.chain) : options.chain;
  const http = createTransport({
    chain: chain.name,
    url: options.url,
    timeoutMs: options.timeoutMs ?? 10_000,
    batch: options.batch,
  });
  const transport = options.lane ? laneTransport(http, options.lane) : http;
  return {
    chain, namespace: options.namespace ?? 'quai', url: transport.url, transport,
    ...(options.callGasCap !== undefined ? { callGasCap: options.callGasCap } : {}),
  };
}

/** A client of one chain with every action bound. */
export function createChainClient(options: ChainClientOptions): ChainClient {
  const client = createRpcClient(options);
  return { ...client, ...chainActions(client) };
}

/** One client per configured chain, keyed by chain name, in registry order, its messages within the configured gas cap. */
export function createNetworkClients(config: StrataConfig): ReadonlyMap<ChainName, ChainClient> {
  return new Map(
    config.chains.map((endpoint) => [
      endpoint.chain.name,
      createChainClient({ chain: endpoint.chain, url: endpoint.url, namespace: config.namespace, timeoutMs: config.timeoutMs, callGasCap: config.callGasCap }),
    ]),
  );
}

/**
 * One client per configured zone for node work of a caller's choosing (calls, gas estimates, dry
 * runs): within the gas cap, each request alone (never batched with page reads) and in its zone's
 * lane of STRATA_NODE_WORK_IN_FLIGHT slots (./work-lane.ts). A timed-out request keeps its slot
 * for one more timeout.
 */
export function createWorkClients(config: StrataConfig, waitMs = WORK_WAIT_MS): ReadonlyMap<ChainName, WorkClient> {
  return new Map(
    config.chains
      .filter((endpoint) => endpoint.chain.level === 2)
      .map((endpoint) => {
        const lane = new WorkLane(endpoint.chain.name, endpoint.url, {
          inFlight: config.nodeWorkInFlight, waitMs, maxWaiting: WORK_MAX_WAITING, holdAfterTimeoutMs: config.timeoutMs,
        });
        const client = createChainClient({
          chain: endpoint.chain, url: endpoint.url, namespace: config.namespace, timeoutMs: config.timeoutMs, callGasCap: config.callGasCap, batch: false, lane,
        });
        return [endpoint.chain.name, { client, lane }];
      }),
  );
}

/** A zone's client for callers' node work, and the lane its requests wait in (its state: what is at the node now). */
export interface WorkClient {
  readonly client: ChainClient;
  readonly lane: WorkLane;
}

/** How long a caller's call waits for a slot of its zone's lane before it is refused (503, Retry-After). */
export const WORK_WAIT_MS = 3_000;
/** Calls waiting for a zone's lane at most; the next is refused at once. */
const WORK_MAX_WAITING = 64;
