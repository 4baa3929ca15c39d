/**
 * Chain clients for the block, uncle and transaction pages (server only): the process's one
 * client set from lib/server/clients.ts, so every page shares each chain's transport and batching.
 *
 * Each chain client batches concurrent calls into one HTTP request, so a loader that starts its
 * independent calls together (Promise.all) costs one round trip per chain.
 */
import type { Chain } from '@/lib/chains';
import { getConfig } from '@/lib/config';
import type { ChainClient } from '@/lib/rpc/client';
import type { Block, Hash } from '@/lib/rpc/domain';
import { getClients, getReaders } from '@/lib/server/clients';
import { cachedBlockByHash } from '@/lib/server/lookup';
import type { ChainReader } from '@/lib/server/reader';

/** The chains this deployment serves, in registry order. */
export function configuredChains(): readonly Chain[] {
  return getConfig().chains.map((c) => c.chain);
}

export function clientOf(chain: Chain): ChainClient {
  const client = getClients().get(chain.name);
  if (!client) throw new Error(`${chain.label} is not configured`);
  return client;
}

/** A chain's reader (lib/server/reader.ts), over the same client as clientOf. */
export function readerOf(chain: Chain): ChainReader {
  const reader = getReaders().byName.get(chain.name);
  if (!reader) throw new Error(`${chain.label} is not configured`);
  return reader;
}

/** A full block by hash, from lib/server's immutable block cache (fetched once per process). */
export function fullBlockByHash(chain: Chain, hash: Hash): Promise<Block<'full'> | null | undefined> {
  return cachedBlockByHash(readerOf(chain), hash, true);
}
