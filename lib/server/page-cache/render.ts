/**
 * A kept route rendered for the cache: this server asking itself for the canonical URL over the
 * loopback, marked with a token only this process knows. server.ts's first stage turns a valid
 * token into the mark downstream code trusts (./internal-render.ts) and strips the header from
 * every other request, so no client can pass for a render: proxy.ts then lets the request through
 * plainly (no nonce, so the HTML can be kept; its inline scripts are allowed by hash instead) and
 * a page kept per the data it shows takes that data (./take-handoff.ts).
 *
 * What is kept: a 200 HTML page (unless it says it is incomplete, ./not-stored.ts), a 200 JSON
 * answer, or a redirect. Anything else (a 404, a 502, a 503) is not, and the viewer's request goes
 * on to Next, which answers it as without a cache.
 */
import { randomBytes } from 'node:crypto';
import { contentSecurityPolicy } from '@/lib/http/security-headers';
import { hasNonce, inlineScriptHashes } from '@/lib/http/inline-scripts';
import { compress, etagOf, type Answer } from './answer';
import { RENDER_HEADER } from './internal-render';
import { markedNotStored } from './not-stored';

/** This process's renders carry it; nothing outside the process ever sees it. */
const TOKEN = randomBytes(24).toString('hex');

/**
 * Whether a request as received is one of this process's renders. Called by server.ts's first
 * stage, which then marks it (RENDER_HEADER: '1') or strips the header.
 */
export function carriesRenderToken(value: string | string[] | undefined): boolean {
  return value === TOKEN;
}

/**
 * An answer over this is kept gzip-compressed, if that fits; else it is served to the requests
 * that waited for its render and not kept. STRATA_PAGE_MAX_KB, default 2 MB.
 */
export function maxAnswerBytes(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const kb = Number(env.STRATA_PAGE_MAX_KB);
  return Number.isInteger(kb) && kb > 0 ? kb * 1024 : 2 * 1024 * 1024;
}

export type RenderResult =
  | { readonly kind: 'kept'; readonly answer: Answer }
  /** Over the limit even compressed: served to its waiters, never kept. */
  | { readonly kind: 'too-large'; readonly answer: Answer }
  | { readonly kind: 'not-kept' };

/**
 * Renders `url` (the canonical path and query) from `origin`. `extra` headers go with the request
 * (the data a page kept per what it shows is rendered from, ./handoff.ts).
 */
export async function renderAnswer(origin: string, url: string, extra: Readonly<Record<string, string>> = {}): Promise<RenderResult> {
  const response = await fetch(`${origin}${url}`, {
    // identity: Next would compress the body only for this process to inflate it again.
    headers: { ...extra, [RENDER_HEADER]: TOKEN, accept: 'text/html,application/json', 'accept-encoding': 'identity' },
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  }).catch(() => undefined);
  if (!response) return { kind: 'not-kept' };
  const storedAt = Date.now();
  if (response.status === 307 || response.status === 308) {
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location');
    return location ? { kind: 'kept', answer: { status: response.status, location, etag: etagOf(location), storedAt } } : { kind: 'not-kept' };
  }
  const contentType = response.headers.get('content-type') ?? '';
  const html = contentType.includes('text/html');
  if (response.status !== 200 || !(html || contentType.includes('application/json'))) {
    await response.body?.cancel().catch(() => undefined);
    return { kind: 'not-kept' };
  }
  const body = Buffer.from(await response.arrayBuffer());
  let csp: string | undefined;
  if (html) {
    const text = body.toString('utf8');
    // Rendered for one request (a nonce), or incomplete by its own account: not a copy to keep.
    if (hasNonce(text) || markedNotStored(text)) return { kind: 'not-kept' };
    csp = contentSecurityPolicy({ scriptHashes: inlineScriptHashes(text), dev: process.env.NODE_ENV !== 'production' });
  }
  const cacheControl = html ? undefined : (response.headers.get('cache-control') ?? undefined);
  const answer: Answer = { status: 200, contentType, cacheControl, csp, body, etag: etagOf(body), storedAt };
  const limit = maxAnswerBytes();
  if (body.length <= limit) return { kind: 'kept', answer };
  // Too big to keep as it is: its gzip copy, when that fits (pages of logs or bytes compress well).
  const gzipped = await compress(body, 'gzip').catch(() => undefined);
  if (gzipped && gzipped.length <= limit) return { kind: 'kept', answer: { ...answer, body: undefined, gzipped } };
  return { kind: 'too-large', answer };
}
