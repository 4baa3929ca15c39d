/**
 * Search's suggestions, the whole of `GET /api/v1/search?q=` and of the /search page's grouped
 * results: what the text means (lib/search/search-query.ts), what to read for it and the items.
 *
 *   another explorer's link → our page of it          (nothing read)
 *   a height                → its block, or its countdown (the shared tips)
 *   a hash                  → the transaction or block  (the index; the nodes when it has none: node work)
 *   an address              → its page and its names    (the index, the labels)
 *   a name                  → tokens, verified contracts, labels, chains (the index's name indexes, the label file)
 *
 * Without an index, names are still looked up among the labels and chains, and the answer's
 * notes say what was not searched. A request that may ask every chain for a hash counts against
 * the client's node-work budget (lib/search/search-query.ts, searchAsksNode, read by the rate
 * limit); the rest is answered from the index and memory, cheap enough to ask at every keystroke.
 */
import type { Address } from 'viem';
import { MAX_NAME, parseSearchQuery, type SearchQuery } from '@/lib/search/search-query';
import { SUGGESTION_KINDS, type Suggestion, type SuggestionsJson } from '@/lib/search/suggestion';
import type { Db } from '@/lib/index/drivers/db';
import { indexAvailability } from '@/lib/server/index/index-service';
import { getChain } from '@/lib/protocol/chains';
import { urls } from '@/lib/routes/urls';
import { addressSuggestions, foreignSuggestion, hashSuggestions, heightSuggestions } from './entity-suggestions';
import { chainNames, indexedNames, labelNames } from './name-suggestions';

/** Items per group: a few in the header's list, a page's worth on /search. */
export const SUGGEST_PER_GROUP = 5;
export const RESULTS_PER_GROUP = 25;

export type SearchParse = { readonly ok: true; readonly text: string; readonly query: SearchQuery } | { readonly ok: false; readonly error: string };

/** The API's one parameter: `q`, 1 to 200 characters (a pasted link is long). */
export function parseSearchParams(search: URLSearchParams): SearchParse {
  const raw = search.get('q');
  if (raw === null || raw.trim() === '') return { ok: false, error: 'q is missing: the text to search for (a name, symbol, hash, address, height, chain or explorer link)' };
  if (raw.length > 2 * MAX_NAME) return { ok: false, error: `q is ${raw.length} characters; it may have at most ${2 * MAX_NAME}` };
  return { ok: true, text: raw.trim(), query: parseSearchQuery(raw) };
}

async function indexDb(notes: string[], what: string): Promise<Db | undefined> {
  const index = await indexAvailability();
  if (index.state === 'ready') return index.db;
  notes.push(`The index is ${index.state === 'off' ? 'off' : 'unavailable'} (${index.reason}): ${what} not searched.`);
  return undefined;
}

/** Items in group order (SUGGESTION_KINDS), each group in its own order. */
function inGroups(items: readonly Suggestion[]): Suggestion[] {
  return SUGGESTION_KINDS.flatMap((kind) => items.filter((i) => i.kind === kind));
}

/** The suggestions for a parsed query, `perGroup` at most in each group. */
export async function suggestionsFor(text: string, query: SearchQuery, perGroup: number): Promise<SuggestionsJson> {
  const notes: string[] = [];
  let items: Suggestion[] = [];
  switch (query.kind) {
    case 'empty':
      break;
    case 'url':
      items = [foreignSuggestion(query.url)];
      break;
    case 'height':
      items = await heightSuggestions(query.height);
      break;
    case 'hash': {
      const found = await hashSuggestions(await indexDb(notes, 'its transactions and blocks are'), query.hash);
      items = found.items;
      notes.push(...found.notes);
      break;
    }
    case 'address':
      items = await addressSuggestions(await indexDb(notes, 'token and contract names are'), query.address as Address);
      break;
    case 'chain':
      items = [{ kind: 'chain', title: getChain(query.chain).label, url: urls.chain(query.chain), chain: query.chain }];
      break;
    case 'name': {
      const db = await indexDb(notes, 'tokens and verified contracts are');
      items = [...(db ? await indexedNames(db, query.text, perGroup) : []), ...labelNames(query.text, perGroup), ...chainNames(query.text, perGroup)];
      break;
    }
    case 'unknown':
      notes.push(query.reason);
      break;
  }
  return { query: text, items: inGroups(items), notes };
}

export type SearchAnswer = { readonly status: 200; readonly body: SuggestionsJson } | { readonly status: 400 | 503; readonly body: { readonly error: string } };

/** `GET /api/v1/search?q=`: 400 for a missing or overlong q, 503 when the index failed mid-read, else the suggestions. */
export async function answerSearch(search: URLSearchParams): Promise<SearchAnswer> {
  const parsed = parseSearchParams(search);
  if (!parsed.ok) return { status: 400, body: { error: parsed.error } };
  try {
    return { status: 200, body: await suggestionsFor(parsed.text, parsed.query, SUGGEST_PER_GROUP) };
  } catch (error) {
    return { status: 503, body: { error: `search could not read the index: ${(error as Error).message}` } };
  }
}
