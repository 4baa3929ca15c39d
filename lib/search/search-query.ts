/**
 * What a search box query means. Pure, so the search page, its tests and the header agree.
 *
 *   "12345", "12,345", "0x3039"        → a block height (on each chain)
 *   0x + 64 hex (or 64 hex)            → a 32-byte hash: a block hash on any chain, or a transaction hash on any zone
 *   0x + 40 hex (or 40 hex)            → an address
 *   "cyprus1", "Cyprus 1", "prime"     → a chain
 */
import { CHAINS, type ChainName } from '@/lib/chains';

export type SearchQuery =
  | { readonly kind: 'empty' }
  | { readonly kind: 'height'; readonly height: bigint }
  | { readonly kind: 'hash'; readonly hash: `0x${string}` }
  | { readonly kind: 'address'; readonly address: `0x${string}` }
  | { readonly kind: 'chain'; readonly chain: ChainName }
  | { readonly kind: 'unknown'; readonly text: string; readonly reason: string };

/** Heights beyond this are not block numbers anyone means (and would be slow to format). */
const MAX_HEIGHT = 2n ** 64n - 1n;

export function parseSearchQuery(raw: string | string[] | undefined): SearchQuery {
  const value = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const text = value.trim();
  if (text === '') return { kind: 'empty' };

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
    return {
      kind: 'unknown',
      text,
      reason: `That is ${hex.length} hex digits: a hash has 64 and an address 40.`,
    };
  }
  return {
    kind: 'unknown',
    text,
    reason: 'Search takes a block number, a block or transaction hash (64 hex digits), an address (40 hex digits) or a chain name.',
  };
}
