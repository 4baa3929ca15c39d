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
 *   than 5 s, said it answers
 *
 * and passes everything else to Next untouched: a miss, a copy only Redis has (proxy.ts reads
 * it and keeps it here), an unknown or failed health (proxy.ts probes and adds the banner),
 * this process's own render requests. The headers are storedResponse's (./serve-immutable.ts)
 * plus what next.config.mjs adds to every response (BASE_SECURITY_HEADERS).
 */
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { BASE_SECURITY_HEADERS, HSTS_VALUE } from '@/lib/http/security-headers';
import { log } from '@/lib/ops/log';
import { knownBlockRedirect, learnFromStoredKey } from './block-chains';
import { lastHealth } from './health';
import { storedKeyOf } from './immutable-pages';
import { pageStore } from './page-store';
import { IMMUTABLE_CACHE_CONTROL, RENDER_HEADER, storedHeaders } from './serve-immutable';
import { chooseEncoding, encodedBody } from './stored-encoding';

/** As proxy.ts's recentHealth(5_000) for stored pages. */
const HEALTH_MAX_AGE_MS = 5_000;

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** As servedOverHttps (lib/http/security-headers.ts), from Node's request. */
function overHttps(request: IncomingMessage): boolean {
  const forwarded = single(request.headers['x-forwarded-proto'])?.split(',')[0]?.trim().toLowerCase();
  return forwarded ? forwarded === 'https' : Boolean((request.socket as TLSSocket).encrypted);
}

/** Answers `request` from the store and returns true, or returns false having written nothing. */
export function answerFromStore(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const h = request.headers;
  if (h.rsc !== undefined || h['next-router-prefetch'] !== undefined || h['next-router-state-tree'] !== undefined || h[RENDER_HEADER] !== undefined) {
    return false;
  }
  if (!lastHealth(HEALTH_MAX_AGE_MS)?.ok) return false;
  const url = request.url ?? '/';
  const query = url.indexOf('?');
  const pathname = query === -1 ? url : url.slice(0, query);
  const search = new URLSearchParams(query === -1 ? '' : url.slice(query + 1));
  if (search.has('_rsc')) return false;
  const https = overHttps(request);
  const hsts: Record<string, string> = https ? { 'Strict-Transport-Security': HSTS_VALUE } : {};

  const redirect = knownBlockRedirect(pathname);
  if (redirect) {
    response.writeHead(307, { ...BASE_SECURITY_HEADERS, ...hsts, Location: redirect, 'Cache-Control': IMMUTABLE_CACHE_CONTROL });
    response.end();
    return true;
  }

  const key = storedKeyOf(pathname, search);
  const page = key ? pageStore().peek(key) : undefined;
  if (!key || !page) return false;
  learnFromStoredKey(key);
  const headers: Record<string, string> = { ...storedHeaders(page, { https, nodeDown: false, outcome: 'hit' }) };
  if (single(h['if-none-match'])?.split(',').some((t) => t.trim() === page.etag)) {
    response.writeHead(304, headers);
    response.end();
    return true;
  }
  const encoding = chooseEncoding(single(h['accept-encoding']));
  const body = encoding ? encodedBody(page, encoding) : Buffer.from(page.body, 'utf8');
  if (encoding) headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = String(body.length);
  response.writeHead(200, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
  return true;
}

const INSTALLED = Symbol.for('strata.server.stored-fast-path');

/** Wraps http.Server's 'request' event (install before the request observer, which wraps this). */
export function installStoredFastPath(): void {
  const proto = Server.prototype as Server & { [INSTALLED]?: boolean };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const emit = proto.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  const fastEmit = function (this: Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      try {
        if (answerFromStore(request, response)) return true;
      } catch (error) {
        // Nothing was written (writeHead comes last): Next answers as it would have.
        if (response.headersSent) throw error;
        log('warn', 'stored page fast path failed, passing to Next', { error: error instanceof Error ? error.message : String(error) });
      }
    }
    return emit.call(this, event, ...args);
  };
  proto.emit = fastEmit as typeof proto.emit;
}
