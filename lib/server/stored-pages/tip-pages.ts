/**
 * Pages that follow the tip: the home page (`/`), a chain's overview (`/chain/<c>`) and the
 * network page (`/network`, also keyed by the index's version) are the same for every viewer of
 * one tips snapshot (lib/server/tips/tips-source.ts: read at most once per 2 s, shared by the
 * fleet through Redis), so each is rendered once per snapshot whose part it
 * shows changed (./tip-page-store.ts) and every viewer is served that copy:
 *
 *   key        the snapshot's chains (heads, heights, txpool counts) for `/`, the chain's own entry
 *              for `/chain/<c>`: a new head is a new key, so the next request after the snapshot
 *              that has it gets a page that shows it
 *   headers    the page's own CSP (its inline scripts by hash, as stored immutable pages), an
 *              ETag, and `public, max-age=0, s-maxage=1, stale-while-revalidate=10`: a CDN may
 *              serve a copy for a second and revalidate in the background, browsers always ask
 *   statuses   decided before: proxy.ts answers 503 (node down) and the URL guard's 404s first; a
 *              render that is not a 200 page (the node unreadable, a chain failing the overview) is
 *              not kept, and the request goes on to Next, which answers as without a store
 *
 * Ages are computed in the browser (components/ui/values/Age), so a copy stays true while it is served.
 * Only the plain document request is served here (no query: `?anything` is rendered as usual; a
 * client navigation's RSC request goes to Next).
 */
import { createHash } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { isChainName } from '@/lib/chains';
import { indexVersion } from '@/lib/server/history/index-version';
import { indexHealth } from '@/lib/server/process/index-health';
import { peekIndexAvailability } from '@/lib/server/process/index-service';
import { htmlSecurityHeaders } from '@/lib/http/security-headers';
import { freshTips, getTips, lastTips, onTipsRead } from '@/lib/server/tips/tips-source';
import type { TipsSnapshot } from '@/lib/tips/tips-types';
import type { StoredPage } from './page-store';
import { VARY } from './serve-immutable';
import { heldTipPage, heldTipPaths, tipPage } from './tip-page-store';

export const TIP_CACHE_CONTROL = 'public, max-age=0, s-maxage=1, stale-while-revalidate=10';

export interface TipPath {
  /** The path rendered and kept. */
  readonly path: string;
  /** Its route pattern, for the renders metric. */
  readonly label: '/' | '/chain/[chain]' | '/network';
  /** The chain of an overview. */
  readonly chain?: string;
  /**
   * A page that also shows the history index (the network page's index status): kept per index
   * version too (lib/server/history/index-version.ts).
   */
  readonly index?: true;
}

/**
 * The tip page this request asks for, or undefined. Chains are spelled plainly (the route's own
 * form). Only without a query (`?anything`, the network page's chaindb viewer among them, is
 * rendered as usual).
 */
export function tipPathOf(pathname: string, search: URLSearchParams): TipPath | undefined {
  if (search.size > 0) return undefined;
  if (pathname === '/') return { path: '/', label: '/' };
  if (pathname === '/network') return { path: '/network', label: '/network', index: true };
  const chain = /^\/chain\/([a-z0-9]{1,20})$/.exec(pathname)?.[1];
  return chain && isChainName(chain) ? { path: pathname, label: '/chain/[chain]', chain } : undefined;
}

/** The part of `snapshot` (and the index) the page shows, as a short key; undefined for a chain the snapshot lacks (not configured). */
export function tipKeyOf(tip: TipPath, snapshot: TipsSnapshot): string | undefined {
  const shown = tip.chain === undefined ? snapshot.chains : snapshot.chains.find((c) => c.chain === tip.chain);
  if (shown === undefined) return undefined;
  // The network page's index status changes with each commit, and when the writes start or stop
  // failing (the state and error it shows), not only with a new tip.
  const health = tip.index ? indexHealth() : undefined;
  const keyed = tip.index ? { shown, index: indexVersion(peekIndexAvailability()) ?? '-', health: `${health?.state}:${health?.error ?? ''}` } : shown;
  return createHash('sha256').update(JSON.stringify(keyed)).digest('base64url').slice(0, 22);
}

/** The headers of a page kept in memory and served to every viewer (a tip page, a page kept per what it shows). */
export function keptPageHeaders(page: StoredPage, https: boolean, cacheControl: string, store: 'tip' | 'shown'): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    ...htmlSecurityHeaders(page.csp, https),
    'Cache-Control': cacheControl,
    Vary: VARY,
    ETag: page.etag,
    'X-Strata-Store': store,
  };
}

/** The headers of a tip page's response. */
export function tipHeaders(page: StoredPage, https: boolean): Record<string, string> {
  return keptPageHeaders(page, https, TIP_CACHE_CONTROL, 'tip');
}

/**
 * How long after its read the newest snapshot's copy is still served while a new read is in
 * flight: a read of the tips takes one node round trip, and viewers waiting for it were the
 * home page's p99. The copy served is never older than the newest snapshot this process has.
 */
const REFRESHING_MS = 10_000;

/**
 * The copy for the newest snapshot this process has, without reading the node or rendering: for
 * ./stored-fast-path.ts. A snapshot due for a refresh is refreshed in the background (its copy
 * is rendered as soon as the read sees a new tip, renderTipPagesEagerly), and served meanwhile.
 * Undefined when this process has no copy for it (then proxy.ts reads, renders or fetches the
 * fleet's copy) or no snapshot at all (the node went down: proxy.ts answers 503).
 */
export function currentTipPage(tip: TipPath): StoredPage | undefined {
  let snapshot = freshTips();
  if (!snapshot) {
    snapshot = lastTips(REFRESHING_MS);
    if (snapshot) void getTips().catch(() => undefined);
  }
  const key = snapshot && tipKeyOf(tip, snapshot);
  return key ? heldTipPage(tip.path, key) : undefined;
}

/**
 * Every tips read that shows a new tip renders the copies this process holds (the pages viewers
 * asked for) right away, before a viewer asks: a viewer then finds the copy made, or waits for
 * that render (tipPage shares it) rather than starting one. Installed by ./stored-fast-path.ts.
 */
export function renderTipPagesEagerly(): void {
  onTipsRead('tip-pages', (snapshot) => {
    for (const path of heldTipPaths()) {
      const query = path.indexOf('?');
      const tip = tipPathOf(query === -1 ? path : path.slice(0, query), new URLSearchParams(query === -1 ? '' : path.slice(query + 1)));
      if (!tip) continue;
      const key = tipKeyOf(tip, snapshot);
      if (key && !heldTipPage(path, key)) void tipPage(path, key, snapshot.fetchedAt, tip.label).catch(() => undefined);
    }
  });
}

/** The tip page for the current snapshot, rendered when missing; undefined when it is not a page to keep. */
export async function tipPageNow(tip: TipPath): Promise<StoredPage | undefined> {
  // Every chain down: no page to keep; Next answers as without a store (proxy.ts's 503 came first).
  const snapshot = await getTips().catch(() => undefined);
  const key = snapshot && tipKeyOf(tip, snapshot);
  return snapshot && key ? tipPage(tip.path, key, snapshot.fetchedAt, tip.label) : undefined;
}

/** proxy.ts's answer with a tip page: 304 for its ETag, else the page. */
export function tipResponse(request: NextRequest, page: StoredPage, https: boolean): NextResponse {
  const headers = tipHeaders(page, https);
  if (request.headers.get('if-none-match')?.split(',').some((t) => t.trim() === page.etag)) {
    return new NextResponse(null, { status: 304, headers });
  }
  return new NextResponse(request.method === 'HEAD' ? null : page.body, { status: 200, headers });
}
