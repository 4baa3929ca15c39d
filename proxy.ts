/**
 * Proxy (Next 16's middleware): decides the HTTP status before any page streams, and sets the
 * security headers of every page. See lib/server/pipeline/health.ts for the whole 404/503 pattern.
 *
 *   internal render              → straight to Next (lib/server/stored-pages/serve-immutable.ts renders a page to store)
 *   an undecodable or over-long URL → 400 JSON { error } for the API, a 404 page for pages, saying
 *                                  why (lib/http/url-guard.ts); no route or Next decoder meets it
 *   too many node-heavy requests → 429 with Retry-After (lib/http/rate-limit.ts: search, and the
 *                                  POST routes /api/broadcast and /api/address/<a>/call)
 *   malformed URL parameters     → 404, a page that says which part is wrong and why
 *   /block/<hash>, its chain known → 307 to the chain's page, no render (lib/server/stored-pages/block-chains.ts)
 *   a stored immutable page      → served from the store, even with the node down (with a banner)
 *                                  (most hits never get here: lib/server/stored-pages/stored-fast-path.ts)
 *   node unreachable             → 503 with Retry-After, a retry button and a self-refresh; also when
 *                                  the node of the page's own lookup stops answering (naming its chain)
 *   node answer unreadable       → 502 naming the chain, the method and the field (lib/rpc/unreadable.ts)
 *   the home page, a chain overview → rendered once per tips snapshot, every viewer served that
 *                                  copy for a second at a CDN (lib/server/stored-pages/tip-pages.ts);
 *                                  a render that is not a 200 page goes on below as usual
 *   an address, a token          → answered before Next routes them, kept per what they show
 *                                  (lib/server/shown-pages/shown-pages.ts); what reaches here (the
 *                                  node's health unknown or down, a render that was not a 200 page)
 *                                  is rendered below as usual
 *   an immutable page, not stored → rendered once, stored, served with CDN-cacheable headers
 *   otherwise                    → the page, with a fresh CSP nonce (lib/http/security-headers.ts)
 *   the API                      → its route's JSON (an unknown path: 404 JSON, app/api/[...unknown]),
 *                                  with the API's security headers and its CSP, which loads nothing
 *
 * Status documents are complete pages sent from here (lib/server/pipeline/status-page.ts), not rewrites:
 * with the node down there is nothing worth rendering, and a rewrite breaks under `next start -H`.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { validatePath } from '@/lib/routes/validate';
import { isApiPath, urlProblem } from '@/lib/http/url-guard';
import { decodeLenient, shownPart } from '@/lib/url-decode';
import { notOk } from '@/lib/history/etherscan';
import { nodeHealth, recentHealth } from '@/lib/server/pipeline/health';
import { renderStatusPage, STATUS_PAGE_SCRIPT_HASHES, type StatusPageOptions } from '@/lib/server/pipeline/status-page';
import { entityVerdict, unansweredPage } from '@/lib/server/pipeline/missing-entity';
import { describeUnreadable } from '@/lib/rpc/unreadable';
import { CLIENT_HEADER, isNodeWorkRoute, rateLimiter } from '@/lib/http/rate-limit';
import { takeToken } from '@/lib/http/shared-rate-limit';
import { apiSecurityHeaders, contentSecurityPolicy, htmlSecurityHeaders, makeNonce, servedOverHttps } from '@/lib/http/security-headers';
import { immutability, storedKeyOf } from '@/lib/server/stored-pages/immutable-pages';
import { pageStore } from '@/lib/server/stored-pages/page-store';
import { IMMUTABLE_CACHE_CONTROL, isInternalRender, renderAndStore, storedResponse, wantsDocument } from '@/lib/server/stored-pages/serve-immutable';
import { knownBlockRedirect, learnFromStoredKey } from '@/lib/server/stored-pages/block-chains';
import { tipPageNow, tipPathOf, tipResponse } from '@/lib/server/stored-pages/tip-pages';

const DEV = process.env.NODE_ENV !== 'production';

export async function proxy(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;
  // This server asking itself for a page to store: rendered plainly (no nonce), nothing else.
  if (isInternalRender(request.headers)) return NextResponse.next();
  const https = servedOverHttps(request.nextUrl, request.headers);

  /** A status document of our own: no-store, with the status pages' CSP (scripts by hash). */
  const statusPage = (options: StatusPageOptions, extra: Record<string, string> = {}) =>
    new NextResponse(renderStatusPage(options), {
      status: options.status,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        ...htmlSecurityHeaders(contentSecurityPolicy({ scriptHashes: STATUS_PAGE_SCRIPT_HASHES, dev: DEV }), https),
        ...extra,
      },
    });

  // Before the rate limit, so a URL that names nothing costs no budget and says what is wrong.
  const problem = urlProblem(pathname, request.nextUrl.search);
  if (problem !== undefined) {
    if (isApiPath(pathname)) {
      // Etherscan's /api keeps its NOTOK envelope beside the API's `error`.
      const body = pathname === '/api' ? { ...notOk(problem), error: problem } : { error: problem };
      return NextResponse.json(body, { status: 400, headers: { 'Cache-Control': 'no-store', ...apiSecurityHeaders(https) } });
    }
    return statusPage({
      status: 404,
      title: 'Nothing can be at this URL',
      message: problem,
      details: [`Requested path: ${shownPart(decodeLenient(pathname), 200)}`],
    });
  }

  const limited = await rateLimit(request);
  if (limited !== undefined) {
    const retryAfter = { 'Retry-After': String(limited) };
    if (isApiPath(pathname)) {
      return NextResponse.json(
        { error: `Too many requests from your address: try again in ${limited} s.` },
        { status: 429, headers: { 'Cache-Control': 'no-store', ...retryAfter, ...apiSecurityHeaders(https) } },
      );
    }
    return statusPage(
      {
        status: 429,
        title: 'Too many searches at once',
        message: `Each search asks every chain’s node, so each reader has a budget of them. Yours refills in ${limited} s.`,
      },
      retryAfter,
    );
  }
  // The API answers its own statuses in JSON (an unknown path too: app/api/[...unknown]); its
  // headers are set here, so every answer carries them, whichever route (or none) made it.
  if (isApiPath(pathname)) {
    const response = NextResponse.next();
    for (const [name, value] of Object.entries(apiSecurityHeaders(https))) response.headers.set(name, value);
    return response;
  }

  const invalid = validatePath(pathname);
  if (invalid) {
    return statusPage({
      status: 404,
      title: 'Nothing can be at this URL',
      message: invalid.reason,
      details: [`Requested path: ${decodeLenient(pathname)}`],
    });
  }

  const document = wantsDocument(request);
  // EIP-3091 /block/<hash> of a block whose chain page is stored: the page's own 307, without
  // rendering it (which would ask every chain). Immutable, so a CDN may keep it like the page.
  const knownRedirect = document ? knownBlockRedirect(pathname) : undefined;
  if (knownRedirect) {
    const response = NextResponse.redirect(new URL(knownRedirect, request.nextUrl), 307);
    response.headers.set('Cache-Control', IMMUTABLE_CACHE_CONTROL);
    return response;
  }
  const storedKey = document ? storedKeyOf(pathname, searchParams) : undefined;
  const stored = storedKey ? await pageStore().get(storedKey) : undefined;
  // A stored immutable page is served whether or not the node answers; the node's health (probed
  // every 5 s at most for these) only decides the banner.
  if (stored && storedKey) {
    learnFromStoredKey(storedKey);
    const recent = await recentHealth(5_000);
    return storedResponse(request, stored, { https, nodeDown: !recent.ok, outcome: 'hit' });
  }
  const health = await nodeHealth();
  if (!health.ok) {
    return statusPage(
      {
        status: 503,
        title: 'The node is not answering',
        message:
          'The explorer reads everything from the node, and no chain’s node answered just now. Nothing is wrong with the page you asked for: it will work again as soon as the node answers (nothing is cached from the failure).',
        details: [`The explorer’s last attempt: ${health.reason}`],
        retry: { refreshSeconds: 10 },
      },
      { 'Retry-After': '5' },
    );
  }

  // The home page and a chain's overview: one render per tips snapshot for every viewer. Most
  // hits are answered before Next routes the request (lib/server/stored-pages/stored-fast-path.ts).
  const tip = document ? tipPathOf(pathname, searchParams) : undefined;
  const tipPage = tip ? await tipPageNow(tip) : undefined;
  if (tipPage) return tipResponse(request, tipPage, https);

  // A well-formed block, uncle or transaction the node does not have: 404 saying what was looked
  // for (lib/server/pipeline/missing-entity.ts; its lookups are shared with the page, so this
  // costs no extra round trip). Not for prefetches, so links on a page cost no node lookups.
  if (!request.headers.has('next-router-prefetch')) {
    const verdict = await entityVerdict(pathname);
    // The node did not answer the page's own lookup: the page would ask it again and fail with a 500.
    if (verdict?.kind === 'unanswered') return statusPage(unansweredPage(verdict.unanswered, pathname), { 'Retry-After': '5' });
    if (verdict?.kind === 'unreadable') {
      const { answer } = verdict;
      return statusPage({
        status: 502,
        title: 'The node’s answer could not be read',
        message: `The ${answer.chain} node answered ${answer.method ?? 'a request'} with something the explorer cannot read, so it shows nothing rather than guess. Retrying asks the node again.`,
        details: [...describeUnreadable(answer), `Requested path: ${decodeLenient(pathname)}`],
        retry: { refreshSeconds: 30 },
      });
    }
    if (verdict?.kind === 'missing') {
      const { missing } = verdict;
      return statusPage({
        status: 404,
        title: missing.title,
        message: missing.reason,
        details: [...(missing.details ?? []), `Requested path: ${decodeLenient(pathname)}`],
      });
    }
  }

  if (storedKey) {
    const state = await immutability(pathname, searchParams);
    if (state.kind === 'immutable') {
      const page = await renderAndStore(state.key, `${pathname}${request.nextUrl.search}`);
      if (page) {
        learnFromStoredKey(state.key);
        return storedResponse(request, page, { https, nodeDown: false, outcome: 'miss' });
      }
    }
  }

  // The page: Next puts this request's nonce on every script it renders, reading it from the
  // request's CSP header; the browser gets the same policy on the response.
  const csp = contentSecurityPolicy({ nonce: makeNonce(), dev: DEV });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(htmlSecurityHeaders(csp, https))) response.headers.set(name, value);
  return response;
}

/** Seconds until the client may ask again, or undefined when the request may go ahead. */
async function rateLimit(request: NextRequest): Promise<number | undefined> {
  if (!isNodeWorkRoute(request.method, request.nextUrl.pathname, request.nextUrl.searchParams)) return undefined;
  const { config } = rateLimiter();
  if (!config.enabled) return undefined;
  // Shared by the fleet through Redis when REDIS_URL is set; this instance's memory otherwise.
  // The client as the Node server saw it (lib/server/process/client-address.ts); without that hook
  // (never in `next start` or standalone) every request shares one budget rather than none.
  const verdict = await takeToken(request.headers.get(CLIENT_HEADER) ?? 'unknown');
  return verdict.allowed ? undefined : verdict.retryAfterSeconds;
}

export const config = {
  // Pages and the whole API (every URL gets the URL guard; the API then answers its own
  // statuses in JSON); not Next's assets, not static files.
  matcher: ['/((?!_next/|favicon\\.|robots\\.txt|.*\\.(?:png|svg|ico|jpg|webp|css|js|txt|map)$).*)'],
};
