/**
 * Chain clients for the block, uncle and transaction pages (server only): the process's one
 * client set from lib/server/clients.ts, so every page shares each chain's transport and batching.
 *
 * Each chain client batches concurrent calls into one HTTP request, so a loader that starts its
 * independent calls together (Promise.all) costs one round trip per chain.
 */
import type { Chain, ChainName } from '@/lib/chains';
import { getConfig } from '@/lib/config';
import type { ChainClient } from '@/lib/rpc/client';
import type { Block, Hash } from '@/lib/rpc/domain';
import { getClients } from '@/lib/server/clients';
import { memoImmutable } from '@/lib/server/lru';

export function getChainClients(): ReadonlyMap<ChainName, ChainClient> {
  return getClients();
}

/** The chains this deployment serves, in registry order. */
export function configuredChains(): readonly Chain[] {
  return getConfig().chains.map((c) => c.chain);
}

export function clientOf(chain: Chain): ChainClient {
  const client = getChainClients().get(chain.name);
  if (!client) throw new Error(`${chain.label} is not configured`);
  return client;
}

const FULL_CACHE = Symbol.for('strata.pages1.fullBlocks');
type CacheHolder = { [FULL_CACHE]?: Map<ChainName, (hash: Hash) => Promise<Block<'full'> | null | undefined>> };

/**
 * A full block by hash, cached: a block by hash never changes (the hash commits to every
 * field, and the transactions through their root), so it is fetched once per process.
 */
export function fullBlockByHash(chain: Chain, hash: Hash): Promise<Block<'full'> | null | undefined> {
  const holder = globalThis as CacheHolder;
  holder[FULL_CACHE] ??= new Map();
  let lookup = holder[FULL_CACHE].get(chain.name);
  if (!lookup) {
    const client = clientOf(chain);
    lookup = memoImmutable((h: Hash) => client.getBlockByHash({ blockHash: h, full: true }), 256);
    holder[FULL_CACHE].set(chain.name, lookup);
  }
  return lookup(hash.toLowerCase() as Hash);
}
