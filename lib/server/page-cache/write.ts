/**
 * The page cache's one writer: every answer it sends, and its headers, come from here.
 *
 *   immutable, when-final   Cache-Control a CDN may keep a day (IMMUTABLE_CACHE_CONTROL), an ETag,
 *                           X-Strata-Store hit or miss; with the node down the stale banner shown,
 *                           no-store and no ETag (the banner must not outlive the outage in a CDN)
 *   per-tip                 a CDN may serve it for a second (TIP_CACHE_CONTROL), X-Strata-Store tip
 *   per-data                what Next sends for pages rendered per request (the pool moves at any
 *                           time), X-Strata-Store shown
 *   an API's answer         exactly the route's own headers (its Content-Type and Cache-Control,
 *                           Next's Vary) and the API's security headers and CSP, as proxy.ts sets them
 *
 * Pages carry their copy's own CSP (inline scripts by hash, never a nonce) and the security
 * headers; every answer its ETag (If-None-Match → 304) and a body compressed once per encoding
 * (kept beside the copy, ./store.ts), brotli or gzip as the reader accepts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiSecurityHeaders, BASE_SECURITY_HEADERS, HSTS_VALUE, htmlSecurityHeaders } from '@/lib/http/security-headers';
import { logger } from '@/lib/ops/log';
import { escapeHtml } from '@/lib/server/pipeline/status-page';
import { chooseEncoding, plainBody, type Answer, type ContentEncoding } from './answer';
import type { KeptRoute } from './plan';
import type { Outcome } from './store';

/** A day at the CDN, then a week of serving it stale while revalidating (by ETag). See docs/deploy.md. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=300, s-maxage=86400, stale-while-revalidate=604800';
/** A CDN may serve a tip page's copy for a second and revalidate in the background; browsers always ask. */
export const TIP_CACHE_CONTROL = 'public, max-age=0, s-maxage=1, stale-while-revalidate=10';
/** As Next sends it for a page rendered per request. */
export const PER_REQUEST_CACHE_CONTROL = 'private, no-cache, no-store, max-age=0, must-revalidate';
/** The request headers of Next's client navigations: such requests want RSC data, not this HTML. */
const PAGE_VARY = 'RSC, Next-Router-State-Tree, Next-Router-Prefetch, Next-Router-Segment-Prefetch, Accept-Encoding';
/** What Next puts on a route handler's answer (its compression adds Accept-Encoding), spelled as it does. */
const ROUTE_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding';

export interface WriteOptions {
  readonly https: boolean;
  /** The node did not answer the last probe: an immutable page is served with the stale banner. */
  readonly nodeDown: boolean;
  readonly outcome: Outcome;
}

/** The headers of a kept answer, by its route's kind and policy. */
export function answerHeaders(kept: KeptRoute, answer: Answer, { https, nodeDown, outcome }: WriteOptions): Record<string, string> {
  if (answer.status !== 200) {
    return { ...BASE_SECURITY_HEADERS, ...(https ? { 'Strict-Transport-Security': HSTS_VALUE } : {}), Location: answer.location ?? '/', 'Cache-Control': IMMUTABLE_CACHE_CONTROL };
  }
  if (kept.route.kind === 'api') {
    return { 'Cache-Control': answer.cacheControl ?? 'no-store', ...apiSecurityHeaders(https), 'Content-Type': answer.contentType ?? 'application/json', Vary: ROUTE_VARY, ETag: answer.etag };
  }
  const page = { 'Content-Type': answer.contentType ?? 'text/html; charset=utf-8', ...htmlSecurityHeaders(answer.csp ?? '', https), Vary: PAGE_VARY };
  switch (kept.policy) {
    case 'per-tip':
      return { ...page, 'Cache-Control': TIP_CACHE_CONTROL, ETag: answer.etag, 'X-Strata-Store': 'tip' };
    case 'per-data':
    case 'per-index-version':
      return { ...page, 'Cache-Control': PER_REQUEST_CACHE_CONTROL, ETag: answer.etag, 'X-Strata-Store': 'shown' };
    case 'immutable':
    case 'when-final': {
      const store = outcome === 'hit' ? 'hit' : 'miss';
      if (nodeDown) return { ...page, 'Cache-Control': 'no-store', 'X-Strata-Store': store };
      return { ...page, 'Cache-Control': IMMUTABLE_CACHE_CONTROL, ETag: answer.etag, 'X-Strata-Store': store };
    }
  }
}

/**
 * Shows the banner every page carries hidden (components/layout/StaleBanner.tsx), with the time
 * the copy was made in its title: only attributes change, so hydration keeps it.
 */
function withBanner(body: Buffer, storedAt: number): Buffer {
  const when = new Date(storedAt).toISOString().replace('T', ' ').slice(0, 19);
  return Buffer.from(body.toString('utf8').replace(/data-stale-banner="hidden" hidden=""/, `data-stale-banner="shown" title="Stored ${escapeHtml(when)} UTC"`));
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The encoding to send: what the reader accepts; only gzip for an answer kept compressed in gzip. */
function encodingFor(request: IncomingMessage, answer: Answer): ContentEncoding | undefined {
  const accepted = chooseEncoding(single(request.headers['accept-encoding']));
  if (!answer.gzipped || accepted === undefined) return accepted;
  return /\bgzip\b|\*/.test(single(request.headers['accept-encoding']) ?? '') ? 'gzip' : undefined;
}

/** The copy's body in an encoding, made once and kept beside it (./store.ts); undefined: send it plain. */
export type Encoder = (encoding: ContentEncoding) => Promise<Buffer | undefined>;

/**
 * Writes `answer` with `headers`: 304 for its ETag, else the body, compressed as the reader
 * accepts (the first request for a copy's encoding waits for it, on the thread pool; later ones
 * get the bytes at once). A compression that fails sends the body plain; so does the stale
 * banner, which changes the body (a rare answer, while the node is down).
 */
export function writeAnswer(request: IncomingMessage, response: ServerResponse, answer: Answer, headers: Record<string, string>, encode: Encoder, banner = false): void {
  const tag = headers.ETag;
  if (tag && single(request.headers['if-none-match'])?.split(',').some((t) => t.trim() === tag)) {
    response.writeHead(304, headers);
    response.end();
    return;
  }
  if (answer.status !== 200) {
    response.writeHead(answer.status, headers);
    response.end();
    return;
  }
  const send = (body: Buffer, encoding: ContentEncoding | undefined) => {
    if (response.destroyed || response.headersSent) return;
    const sent: Record<string, string> = { ...headers, 'Content-Length': String(body.length) };
    if (encoding) sent['Content-Encoding'] = encoding;
    response.writeHead(200, sent);
    response.end(request.method === 'HEAD' ? undefined : body);
  };
  const plain = () => plainBody(answer).then((body) => send(banner ? withBanner(body, answer.storedAt) : body, undefined));
  const encoding = banner ? undefined : encodingFor(request, answer);
  const sent = encoding ? encode(encoding).then((body) => (body ? send(body, encoding) : plain())) : plain();
  sent.catch((error: unknown) => {
    logger().warn({ component: 'page-cache', error: error instanceof Error ? error.message : String(error) }, 'writing a kept answer failed');
    if (!response.headersSent) void plain().catch(() => response.destroy());
  });
}
