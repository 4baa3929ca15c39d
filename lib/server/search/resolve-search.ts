/**
 * The resolvers of search (lib/routes/resolver.ts). `/search?q=`: what the reader typed, read as a
 * height, a hash, an address, a chain's name, a name or another explorer's link
 * (lib/search/search-query.ts), and looked up on every chain served or among the names
 * (./suggest.ts). A single hit redirects to it; several are listed; a miss says what was tried
 * where. `/api/v1/search?q=`: the suggestions in groups, as ./suggest.ts answers them.
 */
import type { ChainName } from '@/lib/protocol/chains';
import { describeHashMiss } from '@/lib/search/search-describe';
import type { HashLookup, HeightLookup } from '@/lib/search/lookup-types';
import { parseSearchQuery } from '@/lib/search/search-query';
import type { Suggestion } from '@/lib/search/suggestion';
import { answered, found, redirectTo, type JsonAnswer, type Resolver } from '@/lib/routes/resolver';
import { configuredClients } from '@/lib/server/node/clients';
import { blocksAtHeight, findByHash } from '@/lib/server/node/lookup';
import { urls } from '@/lib/routes/urls';
import { foreignSuggestion } from './entity-suggestions';
import { answerSearch, RESULTS_PER_GROUP, suggestionsFor } from './suggest';

/** What the search page draws, beside the text searched for. */
export type SearchResult =
  | { readonly kind: 'empty' }
  | { readonly kind: 'chain-not-served'; readonly chain: ChainName; readonly served: readonly ChainName[] }
  | { readonly kind: 'unknown'; readonly reason: string }
  | { readonly kind: 'names'; readonly items: readonly Suggestion[]; readonly notes: readonly string[] }
  | { readonly kind: 'height'; readonly height: bigint; readonly lookup: HeightLookup }
  | { readonly kind: 'hash'; readonly hash: `0x${string}`; readonly lookup: HashLookup; readonly miss: readonly string[] };

export const resolveSearch: Resolver<{ readonly text: string; readonly result: SearchResult }> = async ({ query }) => {
  const raw = query.get('q') ?? undefined;
  const asked = parseSearchQuery(raw);
  const text = raw?.trim() ?? '';
  const clients = configuredClients();
  switch (asked.kind) {
    case 'empty':
      return found({ text: '', result: { kind: 'empty' } });
    case 'chain':
      if (clients.some((c) => c.chain.name === asked.chain)) return redirectTo(urls.chain(asked.chain));
      return found({ text, result: { kind: 'chain-not-served', chain: asked.chain, served: clients.map((c) => c.chain.name) } });
    case 'address':
      return redirectTo(urls.address(asked.address));
    case 'url':
      // Another explorer's link: this explorer's page of the same thing.
      return redirectTo(foreignSuggestion(asked.url).url);
    case 'name': {
      const names = await suggestionsFor(text, asked, RESULTS_PER_GROUP);
      const only = names.items.length === 1 ? names.items[0] : undefined;
      if (only) return redirectTo(only.url);
      return found({ text, result: { kind: 'names', items: names.items, notes: names.notes } });
    }
    case 'unknown':
      return found({ text, result: { kind: 'unknown', reason: asked.reason } });
    case 'height': {
      const lookup = await blocksAtHeight(clients, asked.height);
      const hits = lookup.results.filter((r) => r.block !== null);
      if (clients.length === 1 && hits.length === 1 && hits[0]) return redirectTo(urls.block(hits[0].chain.name, asked.height));
      return found({ text, result: { kind: 'height', height: asked.height, lookup } });
    }
    case 'hash': {
      const lookup = await findByHash(clients, asked.hash);
      if (lookup.blocks.length + lookup.transactions.length === 1) {
        const block = lookup.blocks[0];
        if (block) return redirectTo(urls.block(block.chain.name, asked.hash));
        if (lookup.transactions[0]) return redirectTo(urls.tx(asked.hash));
      }
      return found({ text, result: { kind: 'hash', hash: asked.hash, lookup, miss: describeHashMiss(lookup) } });
    }
  }
};

/** `/api/v1/search?q=`: answered per request (it follows the index and the tips), never kept. */
export const resolveSearchApi: Resolver<JsonAnswer> = async ({ query }) => {
  const { status, body } = await answerSearch(query);
  return answered({ status, body, headers: { 'Cache-Control': 'no-store' } });
};
