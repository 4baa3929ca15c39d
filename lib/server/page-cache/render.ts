/**
 * What of Next's answer to a held request (./held-response.ts) the page cache keeps: a 200 HTML
 * page (unless it says it is incomplete, ./not-stored.ts), a 200 JSON answer, or a redirect — and
 * only when the route's resolver did not say otherwise (an Etherscan failure said with HTTP 200,
 * lib/routes/resolver.ts `keep: false`). Anything else (a 404, a 502, a 503) is sent to its reader
 * as Next wrote it, and every request that waited for it goes on to Next itself.
 *
 * A held page was rendered without a nonce (proxy.ts knows the request is the page cache's, from
 * its RequestRoute): its inline scripts are allowed by hash, in a CSP made from the page itself.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { contentSecurityPolicy } from '@/lib/http/security-headers';
import { hasNonce, inlineScriptHashes } from '@/lib/http/inline-scripts';
import { compress, etagOf, type Answer } from './answer';
import type { Held } from './held-response';
import { markedNotStored } from './not-stored';

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

const NOT_KEPT: RenderResult = { kind: 'not-kept' };

function header(headers: OutgoingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value === undefined ? undefined : String(value);
}

/** The CSP of a page rendered without a nonce: its inline scripts by hash. */
export function pageCsp(html: string): string {
  return contentSecurityPolicy({ scriptHashes: inlineScriptHashes(html), dev: process.env.NODE_ENV !== 'production' });
}

/** What to keep of `held`; `keep`: the resolver's word (false: never). */
export async function answerOf(held: Held, keep: boolean): Promise<RenderResult> {
  if (held.aborted || !keep) return NOT_KEPT;
  const storedAt = Date.now();
  if (held.status === 307 || held.status === 308) {
    const location = header(held.headers, 'location');
    return location ? { kind: 'kept', answer: { status: held.status, location, etag: etagOf(location), storedAt } } : NOT_KEPT;
  }
  const contentType = header(held.headers, 'content-type') ?? '';
  const html = contentType.includes('text/html');
  // Compressed by Next, it would have to be inflated first: the page cache asks for none (identity).
  if (held.status !== 200 || !(html || contentType.includes('application/json')) || header(held.headers, 'content-encoding') !== undefined) return NOT_KEPT;
  const body = held.body;
  let csp: string | undefined;
  if (html) {
    const text = body.toString('utf8');
    // Rendered for one request (a nonce), or incomplete by its own account: not a copy to keep.
    if (hasNonce(text) || markedNotStored(text)) return NOT_KEPT;
    csp = pageCsp(text);
  }
  const cacheControl = html ? undefined : header(held.headers, 'cache-control');
  const answer: Answer = { status: 200, contentType, cacheControl, csp, body, etag: etagOf(body), storedAt };
  const limit = maxAnswerBytes();
  if (body.length <= limit) return { kind: 'kept', answer };
  // Too big to keep as it is: its gzip copy, when that fits (pages of logs or bytes compress well).
  const gzipped = await compress(body, 'gzip').catch(() => undefined);
  if (gzipped && gzipped.length <= limit) return { kind: 'kept', answer: { ...answer, body: undefined, gzipped } };
  return { kind: 'too-large', answer };
}
