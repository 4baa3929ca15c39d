/**
 * Stored immutable pages answered before Next routes the request: a hit on a page this
 * instance holds costs a map lookup and one write of bytes compressed when the page was first
 * served (./stored-encoding.ts), about what a static file costs, instead of Next's router,
 * proxy.ts and a gzip of 100–300 KB per response. The same for EIP-3091's `/block/<hash>` when
 * a stored block page says which chain has it (./block-chains.ts).
 *
 * Installed by instrumentation.ts around http.Server's 'request' event, inside the request
 * observer (lib/ops/request-observer.ts), so these answers get their request id, metrics and log
 * line like any other. It answers only what proxy.ts would answer the same way from the store:
 *
 *   a plain GET/HEAD for the document (no RSC or prefetch headers, no _rsc), whose store key
 *   (./immutable-pages.ts) this process holds, while the node's last health probe, younger
 *   than 5 s, said it answers (an older one is renewed in the background meanwhile)
 *
 * and passes everything else to Next untouched: a miss, a copy only Redis has (proxy.ts reads
 * it and keeps it here), an unknown or failed health (proxy.ts probes and adds the banner),
 * this process's own render requests. The headers are storedResponse's (./serve-immutable.ts)
 * plus what next.config.mjs adds to every response (BASE_SECURITY_HEADERS).
 *
 * Addresses and tokens are answered here too, per what they show (lib/server/shown-pages/): their
 * data is read for each request, then this process's copy of that data is sent or rendered.
 *
 * It also marks client navigations' RSC requests (FLIGHT_MARK_HEADER) for proxy.ts, which
 * cannot see their headers, so that proxy.ts does not answer them with a stored HTML page.
 */
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { BASE_SECURITY_HEADERS, HSTS_VALUE } from '@/lib/http/security-headers';
import { urlProblem } from '@/lib/http/url-guard';
import { logger } from '@/lib/ops/log';
import { knownBlockRedirect, learnFromStoredKey } from './block-chains';
import { lastHealth, recentHealth } from '@/lib/server/pipeline/health';
import { storedKeyOf } from './immutable-pages';
import { pageStore } from './page-store';
import { FLIGHT_MARK_HEADER, IMMUTABLE_CACHE_CONTROL, RENDER_HEADER, storedHeaders } from './serve-immutable';
import { apiAnswerHeaders, planApiAnswer } from './api-answers';
import { chooseEncoding, encodedBody } from './stored-encoding';
import type { StoredPage } from './page-store';
import { currentTipPage, renderTipPagesEagerly, tipHeaders, tipPathOf } from './tip-pages';
import { shownHeaders, shownPage } from '@/lib/server/shown-pages/shown-pages';
import { shownRouteOf, type ShownRoute } from '@/lib/server/shown-pages/shown-routes';

/** As proxy.ts's recentHealth(5_000) for stored pages. */
const HEALTH_MAX_AGE_MS = 5_000;
/** As proxy.ts's nodeHealth() (an "up" kept for 1 s) for tip pages, which proxy.ts serves only after it. */
const TIP_HEALTH_MAX_AGE_MS = 1_000;

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** As servedOverHttps (lib/http/security-headers.ts), from Node's request. */
function overHttps(request: IncomingMessage): boolean {
  const forwarded = single(request.headers['x-forwarded-proto'])?.split(',')[0]?.trim().toLowerCase();
  return forwarded ? forwarded === 'https' : Boolean((request.socket as TLSSocket).encrypted);
}

/** Is this one of Next's client-navigation (RSC) requests rather than a document request? */
function isFlightRequest(request: IncomingMessage, search: URLSearchParams): boolean {
  const h = request.headers;
  return h.rsc !== undefined || h['next-router-prefetch'] !== undefined || h['next-router-state-tree'] !== undefined || search.has('_rsc');
}

/**
 * Answers `request` from the store and returns true, or returns false having written nothing.
 * `toNext` hands the request to Next later (a request that waited for an answer that was not kept).
 */
export function answerFromStore(request: IncomingMessage, response: ServerResponse, toNext?: () => void): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url ?? '/';
  const query = url.indexOf('?');
  const pathname = query === -1 ? url : url.slice(0, query);
  const search = new URLSearchParams(query === -1 ? '' : url.slice(query + 1));
  // Next hides these headers and _rsc from proxy.ts (its adapter strips them before calling it),
  // so say it in a header proxy.ts can read: a client navigation must get RSC data, never the
  // stored HTML (wantsDocument in ./serve-immutable.ts). Whatever a client sent under that name is replaced.
  delete request.headers[FLIGHT_MARK_HEADER];
  if (isFlightRequest(request, search)) {
    request.headers[FLIGHT_MARK_HEADER] = '1';
    return false;
  }
  if (request.headers[RENDER_HEADER] !== undefined) return false;
  // A URL the guard refuses is never a stored page: proxy.ts answers it with the reason.
  if (urlProblem(pathname, query === -1 ? '' : url.slice(query + 1)) !== undefined) return false;

  // The history API and txlist, kept per index version (./api-answers.ts): the route's bytes.
  const plan = pathname.startsWith('/api') ? planApiAnswer(request.method, pathname, search) : undefined;
  if (plan?.kind === 'kept') {
    writePage(request, response, plan.page, apiAnswerHeaders(overHttps(request)), 'quick');
    return true;
  }
  if (plan?.kind === 'wait' && toNext) {
    // Right after a commit: the answer another request is reading now, or the route if it keeps none.
    void plan.answer.then((page) => {
      try {
        if (page) writePage(request, response, page, apiAnswerHeaders(overHttps(request)), 'quick');
        else toNext();
      } catch (error) {
        logger().warn({ component: 'stored-fast-path', error: error instanceof Error ? error.message : String(error) }, 'waiting API request failed');
        if (!response.headersSent) response.destroy();
      }
    });
    return true;
  }
  if (plan?.kind === 'route') response.once('close', plan.done);

  // The home page and chain overviews (./tip-pages.ts): this process's copy for the tips snapshot
  // getTips() holds now, while the node was up a second ago; anything else goes to proxy.ts.
  const tip = tipPathOf(pathname, search);
  if (tip) {
    const page = currentTipPage(tip);
    if (!page || lastHealth(TIP_HEALTH_MAX_AGE_MS)?.ok !== true) return false;
    writePage(request, response, page, tipHeaders(page, overHttps(request)), 'quick');
    return true;
  }

  // An address or a token (lib/server/shown-pages/shown-pages.ts): what it shows is read now, then
  // served from this process's copy of that data or rendered from it; anything else goes to Next.
  const shown = toNext ? shownRouteOf(pathname, search) : undefined;
  if (shown && toNext) {
    void answerShown(request, response, url, shown, toNext);
    return true;
  }

  const redirect = knownBlockRedirect(pathname);
  const key = redirect ? undefined : storedKeyOf(pathname, search);
  const page = key ? pageStore().peek(key) : undefined;
  if (!redirect && !page) return false;
  // Only now, for a request this path could answer: the health of the node (for the banner).
  const health = lastHealth(HEALTH_MAX_AGE_MS);
  if (!health) {
    // Stale: probe in the background (one probe however many requests ask, see health.ts) and
    // let Next answer meanwhile; nothing else on this path would refresh it.
    void recentHealth(HEALTH_MAX_AGE_MS);
    return false;
  }
  if (!health.ok) return false;
  const https = overHttps(request);

  if (redirect) {
    const hsts: Record<string, string> = https ? { 'Strict-Transport-Security': HSTS_VALUE } : {};
    response.writeHead(307, { ...BASE_SECURITY_HEADERS, ...hsts, Location: redirect, 'Cache-Control': IMMUTABLE_CACHE_CONTROL });
    response.end();
    return true;
  }
  if (!key || !page) return false;
  learnFromStoredKey(key);
  writePage(request, response, page, { ...storedHeaders(page, { https, nodeDown: false, outcome: 'hit' }) });
  return true;
}

/**
 * A kept address or token page for what it shows now, once the node answered within a second
 * (else proxy.ts's probe and 503 decide); to Next when there is none to keep (a 502, a failure).
 */
async function answerShown(request: IncomingMessage, response: ServerResponse, url: string, route: ShownRoute, toNext: () => void): Promise<void> {
  let page: StoredPage | undefined;
  try {
    const health = await recentHealth(TIP_HEALTH_MAX_AGE_MS);
    page = health.ok ? await shownPage(url, route) : undefined;
  } catch (error) {
    logger().warn({ component: 'stored-fast-path', error: error instanceof Error ? error.message : String(error) }, 'kept page failed, passing to Next');
  }
  if (!page) {
    toNext();
    return;
  }
  try {
    writePage(request, response, page, shownHeaders(page, overHttps(request)), 'quick');
  } catch (error) {
    logger().warn({ component: 'stored-fast-path', error: error instanceof Error ? error.message : String(error) }, 'writing a kept page failed');
    if (!response.headersSent) response.destroy();
  }
}

/**
 * Writes `page` (304 for its ETag), compressed once per encoding (./stored-encoding.ts). The
 * first request for a new copy waits for its compression (on the thread pool); later ones get the
 * bytes at once. A compression that fails sends the page uncompressed.
 */
function writePage(request: IncomingMessage, response: ServerResponse, page: StoredPage, headers: Record<string, string>, effort: 'stored' | 'quick' = 'stored'): void {
  const h = request.headers;
  if (single(h['if-none-match'])?.split(',').some((t) => t.trim() === page.etag)) {
    response.writeHead(304, headers);
    response.end();
    return;
  }
  const encoding = chooseEncoding(single(h['accept-encoding']));
  const send = (body: Buffer, encoded: boolean) => {
    if (response.destroyed || response.headersSent) return;
    if (encoded && encoding) headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(body.length);
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  };
  const plain = () => Buffer.from(page.body, 'utf8');
  if (!encoding) return send(plain(), false);
  const body = encodedBody(page, encoding, effort);
  if (Buffer.isBuffer(body)) return send(body, true);
  body.then(
    (encoded) => send(encoded, true),
    (error: unknown) => {
      logger().warn({ component: 'stored-fast-path', error: error instanceof Error ? error.message : String(error) }, 'compressing a page failed, sending it plain');
      send(plain(), false);
    },
  );
}

const INSTALLED = Symbol.for('strata.server.stored-fast-path');

/** Wraps http.Server's 'request' event (install before the request observer, which wraps this). */
export function installStoredFastPath(): void {
  const proto = Server.prototype as Server & { [INSTALLED]?: boolean };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  // The home page and overviews viewers hold are rendered when a tips read sees a new tip.
  renderTipPagesEagerly();
  const emit = proto.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  const fastEmit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      try {
        if (answerFromStore(request, response, () => emit.call(this, event, ...args))) return true;
      } catch (error) {
        // Nothing was written (writeHead comes last): Next answers as it would have.
        if (response.headersSent) throw error;
        logger().warn({ component: 'stored-fast-path', error: error instanceof Error ? error.message : String(error) }, 'stored page fast path failed, passing to Next');
      }
    }
    return emit.call(this, event, ...args);
  };
  proto.emit = fastEmit as typeof proto.emit;
}
