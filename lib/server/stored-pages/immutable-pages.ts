/**
 * Which pages never change once rendered, and so are rendered once, kept (./page-store.ts) and
 * sent with headers a CDN may cache:
 *
 *   /chain/<c>/block/<hash>                 a block by hash (any ?tab=): the hash commits to
 *   /chain/<c>/block/<hash>/uncle/<i>       every field of the header, and through the roots to
 *   /chain/<c>/block/<hash>/tx/<i>          the transactions, uncles and manifests
 *   /tx/<hash>                              once its block is FINALITY_DEPTH blocks deep
 *
 * A transaction page's tabs (`?tab=trace`, `?tab=state`: the call tree and the state diff) are
 * stored as pages of their own: a trace re-executes the block's transactions, so it is as fixed
 * as the block once that is deep. Only the tabs the route names are kept (lib/routes/table.ts).
 *
 * Everything these pages show that is relative to now (ages, confirmations, the tip, "newest
 * block") is computed in the browser, so an old copy stays true.
 *
 * Finality depth: a transaction page names the block that includes it. Until that block is
 * buried, a reorganisation can move the transaction to another block (or back to the pool), so
 * only a transaction whose block is at least STRATA_FINALITY_DEPTH blocks (default 20) below its
 * zone's tip is stored. On Quai's zones (about 5 s per block) that is under two minutes, far
 * deeper than the few-block reorganisations proof of work sees in practice; the devnet's uncle
 * rate makes 1–2 block reorganisations, never 20. A block page by hash needs no depth: if the
 * block leaves the canonical chain, what the page says about it stays true.
 */
import { parseTxHash } from '@/lib/params/block-id';
import { matchRoute } from '@/lib/routes/match';
import type { StoredPage } from '@/lib/routes/table';
import { lookupTxByHash } from '@/lib/server/tx/load-tx';
import { verifiedEpoch } from '@/lib/server/verify/verified-epoch';

/**
 * The transaction pages (`/tx/<hash>`, `/chain/<c>/block/<hash>/tx/<i>`) decode their call, logs
 * and trace with the verified ABIs of the moment they are rendered: a contract verified later
 * changes them. Their key carries the verified contracts' epoch (lib/server/verify/verified-epoch.ts),
 * so a copy from before a verification is never served after it (the page is rendered again).
 */
const DECODES_WITH_VERIFIED = /^\/(tx|chain\/[^/]+\/block\/[^/]+\/tx)\//;

/** Query parameters these pages read; anything else makes the URL not stored (unbounded keys). */
const KNOWN_PARAMS = new Set(['tab']);

export function finalityDepth(env: Readonly<Record<string, string | undefined>> = process.env): bigint {
  const raw = env.STRATA_FINALITY_DEPTH?.trim();
  return raw && /^\d{1,6}$/.test(raw) ? BigInt(raw) : 20n;
}

/**
 * The store key of a URL whose page is immutable by its form alone, or of a tx page to check.
 * A route that names its tabs (the transaction pages) keeps those alone; a page whose content
 * this render could not complete (a trace the node did not give) says so in its HTML
 * (./not-stored.ts) and is not kept either.
 */
function storeKey(pathname: string, search: URLSearchParams, tabs: readonly string[] | undefined): string | undefined {
  const params = [...search.keys()];
  if (params.some((p) => !KNOWN_PARAMS.has(p))) return undefined;
  const tab = search.get('tab');
  if (tab !== null && !/^[a-z-]{1,20}$/.test(tab)) return undefined;
  if (tab !== null && tabs && !tabs.includes(tab)) return undefined;
  const path = pathname.toLowerCase();
  const verified = DECODES_WITH_VERIFIED.test(path) ? `#verified=${verifiedEpoch()}` : '';
  return `${path}${tab ? `?tab=${tab}` : ''}${verified}`;
}

/** Which kind of stored page this path is (the route table says which routes are kept, and in what form). */
function storedPageOf(pathname: string): (Pick<StoredPage, 'kind' | 'tabs'> & { readonly params: Readonly<Record<string, string>> }) | undefined {
  const match = matchRoute(pathname);
  const stored = match?.route.stored;
  return match && stored?.when(match.params) ? { kind: stored.kind, tabs: stored.tabs, params: match.params } : undefined;
}

/** The key a stored copy of this URL would have (blocks and transactions alike), or undefined. */
export function storedKeyOf(pathname: string, search: URLSearchParams): string | undefined {
  const page = storedPageOf(pathname);
  return page ? storeKey(pathname, search, page.tabs) : undefined;
}

export type Immutability =
  | { readonly kind: 'immutable'; readonly key: string }
  | { readonly kind: 'not-yet'; readonly reason: string }
  | { readonly kind: 'never' };

/**
 * Whether the page at this URL is immutable now. Quick for blocks (the URL says it); for a
 * transaction, one lookup shared with the page and the proxy's existence check (coalesced).
 */
export async function immutability(pathname: string, search: URLSearchParams): Promise<Immutability> {
  const page = storedPageOf(pathname);
  const key = page ? storeKey(pathname, search, page.tabs) : undefined;
  if (!page || !key) return { kind: 'never' };
  if (page.kind === 'by-hash') return { kind: 'immutable', key };
  const hash = parseTxHash(page.params.hash ?? '');
  if (!hash.ok) return { kind: 'never' };
  const found = await lookupTxByHash(hash.value).catch(() => undefined);
  if (!found?.found) return { kind: 'not-yet', reason: 'not found' };
  const { tx: transaction, tip } = found.data;
  if (transaction.blockNumber === null) return { kind: 'not-yet', reason: 'pending' };
  return tip - transaction.blockNumber >= finalityDepth() ? { kind: 'immutable', key } : { kind: 'not-yet', reason: 'shallow' };
}
