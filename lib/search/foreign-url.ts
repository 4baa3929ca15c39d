/**
 * Another explorer's link, pasted into search: the transaction, block, address or token it shows,
 * as this explorer's page of it. Etherscan and its family (`/tx/0x…`, `/address/0x…`,
 * `/block/123`, `/token/0x…`), Blockscout and Quaiscan (the same paths, a block also by hash) and
 * another Strata's (`/chain/<chain>/block/<id>`) all name an entity by its path; the host does not
 * matter, so a mirror or another network's instance reads the same. Pure and browser-safe.
 */
import { isChainName, type ChainName } from '@/lib/protocol/chains';

export type ForeignTarget =
  | { readonly kind: 'transaction'; readonly hash: `0x${string}` }
  | { readonly kind: 'address'; readonly address: `0x${string}` }
  | { readonly kind: 'token'; readonly address: `0x${string}` }
  | { readonly kind: 'block'; readonly id: string; readonly chain?: ChainName };

export interface ForeignUrl {
  readonly host: string;
  readonly target: ForeignTarget;
}

const HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const NUMBER = /^\d{1,20}$/;

/** Text that is a URL (with or without its scheme): `https://host/…` or `host.tld/…`. */
export function looksLikeUrl(text: string): boolean {
  return /^https?:\/\//i.test(text) || /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?\/\S/i.test(text);
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
}

/** The entity an explorer URL shows, or undefined when `text` is no such URL. */
export function parseForeignUrl(text: string): ForeignUrl | undefined {
  if (!looksLikeUrl(text.trim())) return undefined;
  const url = parseUrl(text.trim());
  if (!url) return undefined;
  let segments: string[];
  try {
    segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const host = url.hostname.toLowerCase();
  // Some explorers put a language or network first (`/en/tx/…`, `/mainnet/tx/…`): the entity is the last pair that reads as one.
  for (let i = segments.length - 2; i >= 0; i--) {
    const [what, value] = [segments[i]?.toLowerCase(), segments[i + 1] ?? ''];
    if ((what === 'tx' || what === 'transaction') && HASH.test(value)) return { host, target: { kind: 'transaction', hash: value.toLowerCase() as `0x${string}` } };
    if ((what === 'address' || what === 'account') && ADDRESS.test(value)) return { host, target: { kind: 'address', address: value as `0x${string}` } };
    if (what === 'token' && ADDRESS.test(value)) return { host, target: { kind: 'token', address: value as `0x${string}` } };
    if (what === 'block' && (NUMBER.test(value) || HASH.test(value))) {
      const chain = segments[i - 2]?.toLowerCase() === 'chain' ? segments[i - 1] : undefined;
      return { host, target: { kind: 'block', id: value.toLowerCase(), ...(chain && isChainName(chain) ? { chain } : {}) } };
    }
  }
  return undefined;
}
