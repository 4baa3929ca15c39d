/**
 * Proxy (Next 16's middleware): decides the HTTP status of what reaches Next before any page
 * streams, and sets the security headers of every page. It runs after server.ts's stages (the
 * request's route and client, the URL guard, the static assets and the page cache), for what they
 * handed on, in the request's context (lib/ops/request-context.ts).
 * See lib/server/node/health.ts for the whole 404/503 pattern.
 *
 *   a request server.ts did not start (no route in its context) → 503: nothing is served without
 *                                  the request path's guards (server.ts's URL guard refuses what names nothing)
 *   too many node-heavy requests → 429 with Retry-After (lib/http/rate-limit.ts: the route table's
 *                                  node-work class: search, calls, dry runs, approvals, broadcasts)
 *   the API                      → its route's JSON (an unknown path: 404 JSON, app/api/[...unknown]),
 *                                  with the API's security headers and its CSP, which loads nothing
 *   malformed URL parameters     → 404, a page that says which part is wrong and why
 *   node unreachable             → 503 with Retry-After, a retry button and a self-refresh; also when
 *                                  the node of the page's own lookup stops answering (naming its chain)
 *   the route's resolver found nothing there (a block, uncle or transaction the node does not
 *                                  have, a chain not served) → 404 saying what was looked for; an
 *                                  unreadable answer → 502 naming the chain, the method and the field;
 *                                  a chain that did not answer → 503 naming it (lib/routes/resolver.ts,
 *                                  the verdict the page then draws from)
 *   otherwise                    → the page, with a fresh CSP nonce (lib/http/security-headers.ts);
 *                                  without one when the page cache keeps it (lib/server/page-cache/render.ts)
 *
 * Status documents are complete pages sent from here (lib/server/pipeline/status-page.ts), not rewrites:
 * with the node down there is nothing worth rendering, and a rewrite breaks under `-H <host>`.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { validatePath } from '@/lib/routes/validate';
import type { Failure } from '@/lib/routes/resolver';
import type { RouteDef } from '@/lib/routes/table';
import { isApiPath } from '@/lib/http/url-guard';
import { currentRoute } from '@/lib/routes/request-route';
import { decodeLenient } from '@/lib/text/url-decode';
import { nodeHealth } from '@/lib/server/node/health';
import { renderStatusPage, STATUS_PAGE_SCRIPT_HASHES, type StatusPageOptions } from '@/lib/server/pipeline/status-page';
import { routeVerdict } from '@/lib/server/pipeline/resolution';
import { resolverOf } from '@/lib/server/pipeline/resolvers';
import { verdictPage } from '@/lib/server/pipeline/verdict-page';
import { CLIENT_HEADER, rateLimiter } from '@/lib/http/rate-limit';
import { isNodeWorkRoute } from '@/lib/server/pipeline/node-work';
import { takeToken } from '@/lib/http/shared-rate-limit';
import { apiSecurityHeaders, contentSecurityPolicy, htmlSecurityHeaders, makeNonce, servedOverHttps } from '@/lib/http/security-headers';

const DEV = process.env.NODE_ENV !== 'production';

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  // The request's route, as server.ts's first stage matched it (never matched again).
  const route = currentRoute();
  const match = route?.match;
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

  // Every request server.ts serves has its route (lib/server/request-path/request-start.ts), and
  // server.ts's URL guard has refused what names nothing. A request without one came another way
  // (Next's own start, which instrumentation.ts refuses): nothing is served without the guards.
  if (!route) {
    return statusPage({
      status: 503,
      title: 'Started without its request path',
      message: 'This explorer was started by a command that skips its request path (the URL guard, the rate limit, the page cache). Its operator starts it with `npm start`, `npm run serve` or `node .next/standalone/server.js`.',
    });
  }

  const limited = await rateLimit(request, match?.route);
  if (limited !== undefined) {
    const retryAfter = { 'Retry-After': String(limited) };
    if (isApiPath(pathname, match)) {
      return NextResponse.json(
        { error: `Too many requests from your address: try again in ${limited} s.` },
        { status: 429, headers: { 'Cache-Control': 'no-store', ...retryAfter, ...apiSecurityHeaders(https) } },
      );
    }
    const search = match?.route.pattern === '/search';
    return statusPage(
      {
        status: 429,
        title: search ? 'Too many searches at once' : 'Too many requests that make the node work',
        message: search
          ? `Each search asks every chain’s node, so each reader has a budget of them. Yours refills in ${limited} s.`
          : `This page runs contract code on the node, so each reader has a budget of such pages. Yours refills in ${limited} s.`,
      },
      retryAfter,
    );
  }
  // The API answers its own statuses in JSON (an unknown path too: app/api/[...unknown]); its
  // headers are set here, so every answer carries them, whichever route (or none) made it.
  if (isApiPath(pathname, match)) {
    const response = NextResponse.next();
    for (const [name, value] of Object.entries(apiSecurityHeaders(https, pathname))) response.headers.set(name, value);
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

  // What the route's resolver found (lib/routes/resolver.ts), the verdict the page then draws
  // from: nothing there is a 404 saying what was looked for, an unreadable answer a 502, a node
  // that did not answer a 503. Not for prefetches, so links on a page cost no node lookups.
  if (!request.headers.has('next-router-prefetch')) {
    const failure = await routeFailure(match?.route);
    if (failure) {
      const { page, headers } = verdictPage(failure, pathname);
      return statusPage(page, headers);
    }
  }

  // Rendered for the page cache, as a copy every reader is served: no nonce (the copy allows its
  // inline scripts by hash, and the cache writes its headers, lib/server/page-cache/render.ts).
  if (route?.kept) return NextResponse.next();
  // The page: Next puts this request's nonce on every script it renders, reading it from the
  // request's CSP header; the browser gets the same policy on the response.
  const csp = contentSecurityPolicy({ nonce: makeNonce(), dev: DEV });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(htmlSecurityHeaders(csp, https))) response.headers.set(name, value);
  return response;
}

/**
 * What the route's resolver found when it is nothing to draw; undefined when it found its data,
 * redirects (the page does), or failed otherwise (the page's error boundary says so).
 */
async function routeFailure(route: RouteDef | undefined): Promise<Failure | undefined> {
  const resolver = resolverOf(route);
  if (!resolver) return undefined;
  const verdict = await routeVerdict(resolver)?.catch(() => undefined);
  return verdict === undefined || verdict.kind === 'found' || verdict.kind === 'redirect' ? undefined : verdict;
}

/** Seconds until the client may ask again, or undefined when the request may go ahead. */
async function rateLimit(request: NextRequest, route: RouteDef | undefined): Promise<number | undefined> {
  if (!isNodeWorkRoute(request.method, route, request.nextUrl.searchParams)) return undefined;
  const { config } = rateLimiter();
  if (!config.enabled) return undefined;
  // Shared by the fleet through Redis when REDIS_URL is set; this instance's memory otherwise.
  // The client as server.ts saw it at the socket (lib/server/request-path/client-address.ts);
  // without it every request shares one budget rather than none.
  const verdict = await takeToken(request.headers.get(CLIENT_HEADER) ?? 'unknown');
  return verdict.allowed ? undefined : verdict.retryAfterSeconds;
}

export const config = {
  // Pages and the whole API (every URL gets the URL guard; the API then answers its own
  // statuses in JSON); not Next's assets, not static files.
  matcher: ['/((?!_next/|favicon\\.|robots\\.txt|.*\\.(?:png|svg|ico|jpg|webp|css|js|txt|map)$).*)'],
};
