/**
 * Immutable pages (./immutable-pages.ts), rendered once and served from the store by proxy.ts:
 *
 *   hit               the stored HTML, with its own CSP (inline scripts by hash), an ETag
 *                     (If-None-Match → 304) and Cache-Control a CDN may keep
 *   hit, node down    200 all the same, with a banner saying the node is not answering, and
 *                     no-store (the banner must not outlive the outage in a CDN)
 *   miss              rendered by asking this server itself for the page (a request marked with
 *                     a per-process token that proxy.ts passes straight to Next, without a
 *                     nonce, so the HTML can be stored), kept, and served as a hit
 *
 * Concurrent misses of one page share one render. A render that is not a 200 HTML page, or one
 * that says it is incomplete (./not-stored.ts), is not kept, and the request goes on to Next as usual.
 *
 * Most hits never reach this module's NextResponse: lib/server/stored-pages/stored-fast-path.ts answers a
 * page this instance holds, compressed once (encodedBody), before Next routes the request.
 * What comes here is the first hit of a page another instance stored (Redis), a hit while the
 * node's health is not known or the node is down (the banner), and the miss that stores it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy, htmlSecurityHeaders } from '@/lib/http/security-headers';
import { hasNonce, inlineScriptHashes } from '@/lib/http/inline-scripts';
import { escapeHtml } from '@/lib/server/pipeline/status-page';
import { markedNotStored } from './not-stored';
import { MAX_PAGE_BYTES, pageStore, type StoredPage } from './page-store';

/** A day at the CDN, then a week of serving it stale while revalidating (by ETag). See docs/deploy.md. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=300, s-maxage=86400, stale-while-revalidate=604800';
/** The request headers Next's client navigations send: such requests want RSC data, not this HTML. */
export const VARY = 'RSC, Next-Router-State-Tree, Next-Router-Prefetch, Next-Router-Segment-Prefetch, Accept-Encoding';
export const RENDER_HEADER = 'x-strata-render';

const TOKEN = Symbol.for('strata.server.render-token');
const RENDERS = Symbol.for('strata.server.renders');
type Holder = { [TOKEN]?: string; [RENDERS]?: Map<string, Promise<StoredPage | undefined>> };

function renderToken(): string {
  const holder = globalThis as Holder;
  holder[TOKEN] ??= randomBytes(24).toString('hex');
  return holder[TOKEN];
}

/** Is this request this process asking itself for a page to store? */
export function isInternalRender(headers: Headers): boolean {
  return headers.get(RENDER_HEADER) === renderToken();
}

/**
 * Set by ./stored-fast-path.ts on a client navigation's RSC request (or prefetch), which proxy.ts
 * cannot recognise itself: Next strips the RSC headers and `_rsc` before calling it.
 */
export const FLIGHT_MARK_HEADER = 'x-strata-flight';

/** A plain GET/HEAD for the HTML document, not a client navigation's RSC request or a prefetch. */
export function wantsDocument(request: NextRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const h = request.headers;
  // The first four never reach proxy.ts under `next start` (see FLIGHT_MARK_HEADER); kept for any runtime that passes them.
  return !h.has('rsc') && !h.has('next-router-prefetch') && !h.has('next-router-state-tree') && !request.nextUrl.searchParams.has('_rsc') && !h.has(FLIGHT_MARK_HEADER);
}

/**
 * Where this server can reach itself: STRATA_INTERNAL_URL when set, else the origin Next's own
 * start-up recorded (next start and the standalone server.js both set it), else 127.0.0.1:PORT.
 * Never from request headers: a client must not choose where the server sends requests.
 */
function internalOrigin(): string | undefined {
  const configured = process.env.STRATA_INTERNAL_URL?.trim() || process.env.__NEXT_PRIVATE_ORIGIN?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  return process.env.PORT ? `http://127.0.0.1:${process.env.PORT}` : undefined;
}

function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * Renders `pathAndQuery` by asking this server itself, plainly (no nonce): a page to keep, or
 * undefined when it is not a 200 HTML page. `extra` headers go with the request (the data a page
 * is rendered from, lib/server/shown-pages/handoff.ts).
 */
export async function renderForStore(pathAndQuery: string, extra: Readonly<Record<string, string>> = {}): Promise<StoredPage | undefined> {
  const origin = internalOrigin();
  if (!origin) return undefined;
  const response = await fetch(`${origin}${pathAndQuery}`, {
    // identity: fetch asks for gzip by default, and Next would compress a page only for this
    // process to inflate it again (the copy is compressed once when served, ./stored-encoding.ts).
    headers: { ...extra, [RENDER_HEADER]: renderToken(), accept: 'text/html', 'accept-encoding': 'identity' },
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  }).catch(() => undefined);
  if (!response || response.status !== 200 || !response.headers.get('content-type')?.includes('text/html')) {
    await response?.body?.cancel().catch(() => undefined);
    return undefined;
  }
  const body = await response.text();
  // Too big, rendered for one request, or incomplete by its own account (./not-stored.ts).
  if (body.length > MAX_PAGE_BYTES || hasNonce(body) || markedNotStored(body)) return undefined;
  return { body, csp: contentSecurityPolicy({ scriptHashes: inlineScriptHashes(body), dev: process.env.NODE_ENV !== 'production' }), etag: etagOf(body), storedAt: Date.now() };
}

/** The stored page for `key`, rendering and keeping it first when missing (one render per key at a time). */
export async function renderAndStore(key: string, pathAndQuery: string): Promise<StoredPage | undefined> {
  const holder = globalThis as Holder;
  const renders = (holder[RENDERS] ??= new Map());
  const running = renders.get(key);
  if (running) return running;
  const started = renderForStore(pathAndQuery)
    .then(async (page) => {
      if (page) await pageStore().set(key, page);
      return page;
    })
    .finally(() => renders.delete(key));
  renders.set(key, started);
  return started;
}

/**
 * Shows the banner every page carries hidden (components/layout/StaleBanner.tsx), with the time
 * the copy was made in its title: only attributes change, so hydration keeps it.
 */
function withBanner(body: string, storedAt: number): string {
  const when = new Date(storedAt).toISOString().replace('T', ' ').slice(0, 19);
  return body.replace(/data-stale-banner="hidden" hidden=""/, `data-stale-banner="shown" title="Stored ${escapeHtml(when)} UTC"`);
}

export interface ServeOptions {
  readonly https: boolean;
  readonly nodeDown: boolean;
  /** "hit" or "miss", sent as X-Strata-Store for operators and tests. */
  readonly outcome: 'hit' | 'miss';
}

/** The headers of a stored page's response (without ETag when the node is down: no-store then). */
export function storedHeaders(page: StoredPage, { https, nodeDown, outcome }: ServeOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    ...htmlSecurityHeaders(page.csp, https),
    'Cache-Control': nodeDown ? 'no-store' : IMMUTABLE_CACHE_CONTROL,
    Vary: VARY,
    'X-Strata-Store': outcome,
  };
  if (!nodeDown) headers.ETag = page.etag;
  return headers;
}

export function storedResponse(request: NextRequest, page: StoredPage, options: ServeOptions): NextResponse {
  const { nodeDown } = options;
  const headers = storedHeaders(page, options);
  if (!nodeDown) {
    if (request.headers.get('if-none-match')?.split(',').some((t) => t.trim() === page.etag)) {
      return new NextResponse(null, { status: 304, headers });
    }
  }
  const body = nodeDown ? withBanner(page.body, page.storedAt) : page.body;
  return new NextResponse(request.method === 'HEAD' ? null : body, { status: 200, headers });
}
