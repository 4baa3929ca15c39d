/**
 * Proxy (Next 16's middleware): decides the HTTP status of what reaches Next before any page
 * streams, and sets the security headers of every page. It runs after server.ts's stages (the
 * client address, the URL guard, the static assets and the page cache), for what they handed on.
 * See lib/server/node/health.ts for the whole 404/503 pattern.
 *
 *   the page cache's own render    → straight to Next, plainly (lib/server/page-cache/render.ts)
 *   an undecodable or over-long URL → 400 JSON for the API, a 404 page for pages, saying why
 *                                  (lib/server/pipeline/url-refusal.ts; server.ts refuses them first)
 *   too many node-heavy requests → 429 with Retry-After (lib/http/rate-limit.ts: the route table's
 *                                  node-work class: search, calls, dry runs, approvals, broadcasts)
 *   the API                      → its route's JSON (an unknown path: 404 JSON, app/api/[...unknown]),
 *                                  with the API's security headers and its CSP, which loads nothing
 *   malformed URL parameters     → 404, a page that says which part is wrong and why
 *   node unreachable             → 503 with Retry-After, a retry button and a self-refresh; also when
 *                                  the node of the page's own lookup stops answering (naming its chain)
 *   a block, uncle or transaction the node does not have → 404 saying what was looked for
 *   node answer unreadable       → 502 naming the chain, the method and the field (lib/rpc/unreadable.ts)
 *   otherwise                    → the page, with a fresh CSP nonce (lib/http/security-headers.ts)
 *
 * Status documents are complete pages sent from here (lib/server/pipeline/status-page.ts), not rewrites:
 * with the node down there is nothing worth rendering, and a rewrite breaks under `-H <host>`.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { validatePath } from '@/lib/routes/validate';
import { isApiPath, urlProblem } from '@/lib/http/url-guard';
import { decodeLenient } from '@/lib/text/url-decode';
import { nodeHealth } from '@/lib/server/node/health';
import { renderStatusPage, STATUS_PAGE_SCRIPT_HASHES, type StatusPageOptions } from '@/lib/server/pipeline/status-page';
import { entityVerdict, unansweredPage } from '@/lib/server/pipeline/missing-entity';
import { describeUnreadable } from '@/lib/rpc/unreadable';
import { CLIENT_HEADER, rateLimiter } from '@/lib/http/rate-limit';
import { isNodeWorkRoute } from '@/lib/server/pipeline/node-work';
import { takeToken } from '@/lib/http/shared-rate-limit';
import { apiSecurityHeaders, contentSecurityPolicy, htmlSecurityHeaders, makeNonce, servedOverHttps } from '@/lib/http/security-headers';
import { isInternalRender } from '@/lib/server/page-cache/internal-render';
import { urlRefusal } from '@/lib/server/pipeline/url-refusal';

const DEV = process.env.NODE_ENV !== 'production';

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  // The page cache's own render: plainly (no nonce, its copy allows its scripts by hash), nothing else.
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
    const refusal = urlRefusal(pathname, problem, https);
    return new NextResponse(refusal.body, { status: refusal.status, headers: refusal.headers });
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
    const search = pathname === '/search';
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
  if (isApiPath(pathname)) {
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
