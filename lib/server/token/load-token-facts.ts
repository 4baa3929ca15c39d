/**
 * A token's name, symbol and decimals, read with `call` at a block and cached forever per token:
 * they are constants in every token worth the name, so the first answer is the answer (a token
 * that renames itself later keeps its first name here until the process restarts).
 *
 * The three calls go out together (one JSON-RPC batch). A call the contract refuses (a revert, a
 * missing function: the node answers with an error object) means "not answered" and is cached
 * like an answer; a node that cannot be reached is not cached, so the next page tries again.
 */
import { LRUCache } from 'lru-cache';
import type { Address } from 'viem';
import type { Chain } from '@/lib/protocol/chains';
import { readTokenDecimals, readTokenString, TOKEN_CALLS } from '@/lib/decode/token-metadata';
import type { Hex } from '@/lib/rpc/domain';
import { clientOf } from '@/lib/server/node/clients';
import { nullIfRefused } from '@/lib/server/node/node-errors';
import { processWide } from '@/lib/ops/process-wide';

export interface TokenFacts {
  readonly address: Address;
  /** null when the contract did not answer (or answered something unreadable). */
  readonly name: string | null;
  readonly symbol: string | null;
  readonly decimals: number | null;
}

/** Who asks for a token's facts: its chain, and the block to read them at the first time. */
interface Asked {
  readonly chain: Chain;
  readonly address: Address;
  readonly blockNumber: bigint | 'latest';
}

/** One per process, like the block cache: the pages and API routes share it. Concurrent reads of one token share one (lru-cache's fetch). */
function store(): LRUCache<string, TokenFacts, Asked> {
  return processWide('token-facts', () => new LRUCache<string, TokenFacts, Asked>({
    max: 10_000,
    fetchMethod: (_key, _stale, { context }) => readFacts(context.chain, context.address, context.blockNumber),
  }));
}

async function readFacts(chain: Chain, address: Address, blockNumber: bigint | 'latest'): Promise<TokenFacts> {
  const client = clientOf(chain);
  const ask = (data: Hex) => nullIfRefused(client.call({ request: { to: address, data }, blockTag: blockNumber }));
  const [name, symbol, decimals] = await Promise.all([ask(TOKEN_CALLS.name), ask(TOKEN_CALLS.symbol), ask(TOKEN_CALLS.decimals)]);
  return {
    address,
    name: name === null ? null : readTokenString(name),
    symbol: symbol === null ? null : readTokenString(symbol),
    decimals: decimals === null ? null : readTokenDecimals(decimals),
  };
}

/** The facts of `address` on `chain`, read at `blockNumber` the first time, then from the cache. */
export function tokenFacts(chain: Chain, address: Address, blockNumber: bigint | 'latest'): Promise<TokenFacts> {
  const key = `${chain.name}:${address.toLowerCase()}`;
  return store()
    .fetch(key, { context: { chain, address, blockNumber } })
    .then((facts) => {
      if (!facts) throw new Error(`no facts read for ${address}`);
      return facts;
    });
}

/** Facts of several tokens at once (their calls share one batch); a token whose read failed is left out. */
export async function tokenFactsMany(chain: Chain, addresses: readonly Address[], blockNumber: bigint | 'latest'): Promise<ReadonlyMap<string, TokenFacts>> {
  const settled = await Promise.allSettled(addresses.map((a) => tokenFacts(chain, a, blockNumber)));
  const out = new Map<string, TokenFacts>();
  settled.forEach((r, i) => {
    if (r.status === 'fulfilled') out.set(addresses[i]!.toLowerCase(), r.value);
  });
  return out;
}
