/**
 * Which chain a block hash belongs to, learned from the stored block pages (./page-store.ts),
 * so that proxy.ts answers EIP-3091's `/block/<hash>` with its 307 to `/chain/<c>/block/<hash>`
 * at the cost of a map lookup instead of a render that asks every chain.
 *
 * Only stored pages teach it: a block page by hash is stored only after it rendered with 200,
 * so the block is on that chain, and a hash names one block on one chain for good (reorgs move
 * a block out of the canonical chain, never to another chain). Nothing is ever wrong here, so
 * nothing expires; the LRU only bounds memory (about 200 bytes an entry). A hash this instance
 * has not seen in a stored page goes to the page (app/block/[id]), which asks every chain.
 */
import { LRUCache } from 'lru-cache';
import { isChainName, type ChainName } from '@/lib/chains';
import { matchRoute } from '@/lib/routes/match';
import { urls } from '@/lib/urls';

const HASH = /^0x[0-9a-fA-F]{64}$/;
const CAPACITY = 50_000;

const KEY = Symbol.for('strata.server.block-chains');
type Holder = { [KEY]?: LRUCache<string, ChainName> };

function map(): LRUCache<string, ChainName> {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= new LRUCache({ max: CAPACITY }));
}

/** Learns from the store key of a page that was stored or served from the store (any other key: nothing). */
export function learnFromStoredKey(key: string): void {
  // A stored key is a lower-cased path, its ?tab= and (transaction pages) #verified=; the block pages kept by hash name their chain.
  const match = matchRoute(key.split(/[?#]/)[0] ?? key);
  const byHash = match?.route.stored?.kind === 'by-hash' && match.route.stored.when(match.params);
  const chain = byHash ? match.params.chain : undefined;
  const hash = byHash ? match.params.id : undefined;
  if (chain && hash && isChainName(chain) && !map().has(hash)) map().set(hash, chain);
}

/** The chain page `/block/<hash>` redirects to, when a stored page taught it; else undefined. */
export function knownBlockRedirect(pathname: string): string | undefined {
  const match = matchRoute(pathname);
  const id = match?.route.pattern === '/block/[id]' ? match.params.id : undefined;
  const hash = id !== undefined && HASH.test(id) ? id.toLowerCase() : undefined;
  const chain = hash ? map().get(hash) : undefined;
  return chain && hash ? urls.block(chain, hash) : undefined;
}
