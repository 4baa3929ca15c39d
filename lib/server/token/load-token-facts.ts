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
import type { Chain } from '@/lib/chains';
import { readTokenDecimals, readTokenString, TOKEN_CALLS } from '@/lib/decode/token-metadata';
import type { Hex } from '@/lib/rpc/domain';
import { clientOf } from '@/lib/server/node/clients';
import { nullIfRefused } from '@/lib/server/node/node-errors';

export interface TokenFacts {
  readonly address: Address;
  /** null when the contract did not answer (or answered something unreadable). */
  readonly name: string | null;
  readonly symbol: string | null;
  readonly decimals: number | null;
}

interface Holder {
  [FACTS]?: { readonly cache: LRUCache<string, TokenFacts>; readonly pending: Map<string, Promise<TokenFacts>> };
}
const FACTS = Symbol.for('strata.tokenFacts');

/** Kept on globalThis, like the block cache: Next bundles the pages and API routes apart. */
function store(): NonNullable<Holder[typeof FACTS]> {
  const holder = globalThis as Holder;
  return (holder[FACTS] ??= { cache: new LRUCache({ max: 10_000 }), pending: new Map() });
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
  const { cache, pending } = store();
  const hit = cache.get(key);
  if (hit) return Promise.resolve(hit);
  const running = pending.get(key);
  if (running) return running;
  const started = readFacts(chain, address, blockNumber)
    .then((facts) => {
      cache.set(key, facts);
      return facts;
    })
    .finally(() => pending.delete(key));
  pending.set(key, started);
  return started;
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
