/**
 * What a search box query means. Pure, so the search page, the suggestions API, their tests and
 * the header agree.
 *
 *   "https://etherscan.io/tx/0x…"      → another explorer's page of a transaction, block, address or token (./foreign-url.ts)
 *   "12345", "12,345", "0x3039"        → a block height (on each chain)
 *   0x + 64 hex (or 64 hex)            → a 32-byte hash: a block hash on any chain, or a transaction hash on any zone
 *   0x + 40 hex (or 40 hex)            → an address
 *   "cyprus1", "Cyprus 1", "prime"     → a chain
 *   anything else                      → a name: a token's name or symbol, a verified contract's, a label, a chain's
 */
import { CHAINS, type ChainName } from '@/lib/protocol/chains';
import { looksLikeUrl, parseForeignUrl, type ForeignUrl } from './foreign-url';

export type SearchQuery =
  | { readonly kind: 'empty' }
  | { readonly kind: 'url'; readonly url: ForeignUrl }
  | { readonly kind: 'height'; readonly height: bigint }
  | { readonly kind: 'hash'; readonly hash: `0x${string}` }
  | { readonly kind: 'address'; readonly address: `0x${string}` }
  | { readonly kind: 'chain'; readonly chain: ChainName }
  | { readonly kind: 'name'; readonly text: string }
  | { readonly kind: 'unknown'; readonly text: string; readonly reason: string };

/** A name longer than this is no token's, contract's or label's (labels have 64 characters at most). */
export const MAX_NAME = 100;

/** Heights beyond this are not block numbers anyone means (and would be slow to format). */
const MAX_HEIGHT = 2n ** 64n - 1n;

export function parseSearchQuery(raw: string | string[] | undefined): SearchQuery {
  const value = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const text = value.trim();
  if (text === '') return { kind: 'empty' };

  if (looksLikeUrl(text)) {
    const url = parseForeignUrl(text);
    if (url) return { kind: 'url', url };
    return { kind: 'unknown', text, reason: 'That link is not the page of a transaction, block, address or token of an explorer (…/tx/0x…, …/block/123, …/address/0x…).' };
  }

  const chain = CHAINS.find(
    (c) => c.name === text.toLowerCase() || c.label.toLowerCase() === text.toLowerCase().replace(/\s+/g, ' '),
  );
  if (chain) return { kind: 'chain', chain: chain.name };

  const decimal = text.replace(/[,_\s]/g, '');
  if (/^\d+$/.test(decimal)) {
    const height = BigInt(decimal);
    if (height > MAX_HEIGHT) return { kind: 'unknown', text, reason: 'That number is larger than any block height (2^64 − 1).' };
    return { kind: 'height', height };
  }

  const hex = /^0x/i.test(text) ? text.slice(2) : text;
  if (/^[0-9a-fA-F]+$/.test(hex)) {
    if (hex.length === 64) return { kind: 'hash', hash: `0x${hex.toLowerCase()}` };
    if (hex.length === 40) return { kind: 'address', address: `0x${hex}` };
    if (/^0x/i.test(text) && hex.length <= 16) return { kind: 'height', height: BigInt(text) };
    // Without 0x a word of hex letters ("dead", "Cafe") may be a name.
    if (/^0x/i.test(text) || hex.length > MAX_NAME) {
      return {
        kind: 'unknown',
        text,
        reason: `That is ${hex.length} hex digits: a hash has 64 and an address 40.`,
      };
    }
  }
  if (text.length > MAX_NAME) {
    return { kind: 'unknown', text, reason: `That is ${text.length} characters: no name searched here is longer than ${MAX_NAME}.` };
  }
  return { kind: 'name', text };
}

/**
 * Whether the suggestions API answering `q` may ask the nodes: a 32-byte hash the index does not
 * hold is looked up on every chain. The rate limit counts those requests (lib/routes/table.ts).
 */
export function searchAsksNode(search: URLSearchParams): boolean {
  return parseSearchQuery(search.get('q') ?? undefined).kind === 'hash';
}
