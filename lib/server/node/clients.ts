/**
 * One set of network clients per process, built from getConfig(): one typed RPC client
 * (lib/rpc) per configured chain. The client is the one facade loaders hold; the ChainReader over
 * each (reader.ts) is this room's own narrow surface, made by readerFor for the lookups, the tips
 * and the health probe, never handed to a loader.
 *
 * One per process (lib/ops/process-wide.ts): server.ts, route handlers, pages and proxy.ts are bundled apart; a
 * module-level variable would give each bundle (and each dev hot reload) its own transports and
 * so its own batching and coalescing state.
 *
 * Pages: `getClients().get('cyprus1')` for any action of the client. Concurrent calls on one
 * client go out as one JSON-RPC batch (one HTTP request), so issue a page's independent reads
 * together with Promise.all.
 */
import type { Chain, ChainName } from '@/lib/protocol/chains';
import { getConfig, type StrataConfig } from '@/lib/ops/config';
import { createNetworkClients, createWorkClients, type ChainClient, type WorkClient } from '@/lib/rpc/client';
import type { Block, Hash } from '@/lib/rpc/domain';
import type { ChainReader } from './reader';
import { processWide } from '@/lib/ops/process-wide';
import { sharedBlockByHash } from '@/lib/server/cache/shared-blocks';

/** A ChainReader over one chain's client. */
function createChainReader(client: ChainClient): ChainReader {
  function blockByNumber(number: bigint | 'latest', full: false): Promise<Block<'hashes'> | null>;
  function blockByNumber(number: bigint | 'latest', full: true): Promise<Block<'full'> | null>;
  function blockByNumber(number: bigint | 'latest', full: boolean): Promise<Block<'hashes'> | Block<'full'> | null> {
    return full ? client.getBlockByNumber({ blockNumber: number, full: true }) : client.getBlockByNumber({ blockNumber: number });
  }
  function blockByHash(hash: Hash, full: false): Promise<Block<'hashes'> | null>;
  function blockByHash(hash: Hash, full: true): Promise<Block<'full'> | null>;
  function blockByHash(hash: Hash, full: boolean): Promise<Block<'hashes'> | Block<'full'> | null> {
    // Through Redis when the fleet shares one (REDIS_URL), else straight to the node.
    return full ? sharedBlockByHash(client, hash, true) : sharedBlockByHash(client, hash, false);
  }
  return {
    chain: client.chain,
    blockNumber: () => client.getBlockNumber(),
    blockByNumber,
    blockByHash,
    transactionByHash: (hash: Hash) => client.getTransactionByHash({ hash }),
    rawTransactionByHash: (hash: Hash) => client.getRawTransactionByHash({ hash }),
    transactionReceipt: (hash: Hash) => client.getTransactionReceipt({ hash }),
    txpoolStatus: () => client.getTxPoolStatus(),
    txpoolContent: () => client.getTxPoolContent(),
    syncing: () => client.getSyncing(),
  };
}

export interface NetworkReaders {
  readonly config: StrataConfig;
  /** The typed client of each configured chain, in registry order. */
  readonly clients: ReadonlyMap<ChainName, ChainClient>;
  /**
   * Per zone, the client for node work of a caller's choosing (contract calls and gas estimates,
   * dry runs, token and approval reads asked for by a request): gas-capped, unbatched, in the
   * zone's lane of STRATA_NODE_WORK_IN_FLIGHT slots (lib/rpc/work-lane.ts).
   */
  readonly work: ReadonlyMap<ChainName, WorkClient>;
  readonly all: readonly ChainReader[];
  readonly byName: ReadonlyMap<ChainName, ChainReader>;
}

export function createNetworkReaders(config: StrataConfig): NetworkReaders {
  const clients = createNetworkClients(config);
  const all = [...clients.values()].map(readerFor);
  return { config, clients, work: createWorkClients(config), all, byName: new Map(all.map((r) => [r.chain.name, r])) };
}

/** The process's readers and clients, one per configured chain (one set for every bundle: their connections and counts are shared). */
export function getReaders(): NetworkReaders {
  return processWide('readers', () => createNetworkReaders(getConfig()));
}

/**
 * The reader over a client, one per client for the process (lookup.ts caches blocks per reader):
 * the lookups take the loaders' clients and read through it.
 */
export function readerFor(client: ChainClient): ChainReader {
  const readers = processWide('readers-by-client', () => new WeakMap<ChainClient, ChainReader>());
  let reader = readers.get(client);
  if (!reader) readers.set(client, (reader = createChainReader(client)));
  return reader;
}

/** The process's typed RPC clients, keyed by chain name (only configured chains). */
export function getClients(): ReadonlyMap<ChainName, ChainClient> {
  return getReaders().clients;
}

/** The process's clients for callers' node work, per served zone (NetworkReaders.work). */
export function getWorkClients(): ReadonlyMap<ChainName, ChainClient> {
  return new Map([...getReaders().work].map(([zone, work]) => [zone, work.client]));
}

/** What a served zone's lane of callers' node work holds now: requests at the node, and waiting. */
export function workLaneState(zone: ChainName): WorkClient['lane']['state'] | undefined {
  return getReaders().work.get(zone)?.lane.state;
}

/** The client for callers' node work on a served zone (throws for a chain this deployment does not serve as a zone). */
export function workClientOf(chain: Chain): ChainClient {
  const client = getReaders().work.get(chain.name)?.client;
  if (!client) throw new Error(`${chain.label} is not configured as a zone`);
  return client;
}

/** The process's typed RPC clients, in registry order: what the cross-chain lookups ask. */
export function configuredClients(): readonly ChainClient[] {
  return [...getClients().values()];
}

/** The chains this deployment serves, in registry order. */
export function configuredChains(): readonly Chain[] {
  return getConfig().chains.map((c) => c.chain);
}

/** The typed client of a configured chain (throws for a chain this deployment does not serve). */
export function clientOf(chain: Chain): ChainClient {
  const client = getClients().get(chain.name);
  if (!client) throw new Error(`${chain.label} is not configured`);
  return client;
}

