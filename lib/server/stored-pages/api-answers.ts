/**
 * The history API's and Etherscan txlist's answers kept per (URL, index version): the index's
 * rows change only when its writer commits (lib/server/history/index-version.ts), so between two
 * commits every caller of one URL gets the same bytes. The route reads the index and serializes
 * once and keeps the JSON here; ./stored-fast-path.ts answers the repeats before Next routes them
 * (no router, no proxy.ts, no query, no JSON.stringify, no gzip per request: the bytes are
 * compressed once per encoding, ./stored-encoding.ts).
 *
 *   kept       a 200 answer only, made while this process writes the index (a version is
 *              known), under the version read before the route asked the index: a commit
 *              during the read leaves the answer under the older key, which no one asks again
 *   served     while the current version is the one the answer was kept under: the next
 *              request after a commit misses, and the route reads the new rows
 *   headers    what the route's answer carries (its Content-Type and no-store, proxy.ts's API
 *              security headers and CSP, next.config.mjs's headers, Next's Vary); e2e/api-answers.spec.ts
 *              compares them with the route's own
 *   bounded    an LRU of at most MAX_BYTES of JSON (compressed copies are smaller and die with it)
 *   rate limit these GETs are not rate limited (lib/routes/table.ts); a URL the limit covers is
 *              never answered here
 */
import { createHash } from 'node:crypto';
import { API_CONTENT_SECURITY_POLICY, apiSecurityHeaders } from '@/lib/http/security-headers';
import { isNodeWorkRoute } from '@/lib/http/rate-limit';
import { findEtherscanAction } from '@/lib/etherscan/registry';
import { recordCacheLookup } from '@/lib/ops/metrics';
import { indexVersion } from '@/lib/server/history/index-version';
import { peekIndexAvailability } from '@/lib/server/process/index-service';
import type { StoredPage } from './page-store';

/** JSON kept at most, over every URL: a page of 100 history items is about 60 KB. */
const MAX_BYTES = 32 * 1024 * 1024;
/** What Next puts on a route handler's answer (app router; its compression adds Accept-Encoding), spelled as it does. */
const ROUTE_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding';

export type ApiAnswerName = 'history' | 'txlist';

export interface ApiAnswerSlot {
  readonly api: ApiAnswerName;
  /** The URL's path and its parameters in a stable order (a parameter's repeats keep theirs). */
  readonly url: string;
  /** The index's version read before the route asks the index. */
  readonly version: string;
}

interface Kept {
  readonly version: string;
  /** As stored pages, so that ./stored-encoding.ts compresses it once per encoding. */
  readonly page: StoredPage;
  readonly bytes: number;
}

const KEPT = Symbol.for('strata.server.api-answers');
type Holder = { [KEPT]?: { readonly map: Map<string, Kept>; bytes: number } };

/** On globalThis: the routes and the fast path are separate bundles. */
function store(): { readonly map: Map<string, Kept>; bytes: number } {
  return ((globalThis as Holder)[KEPT] ??= { map: new Map(), bytes: 0 });
}

/** Which kept API `pathname` is, if any: `txlist` names every Etherscan action kept per index version (lib/etherscan/actions/<module>/). */
function apiOf(pathname: string, search: URLSearchParams): ApiAnswerName | undefined {
  if (/^\/api\/v1\/address\/[^/]+\/transactions$/.test(pathname)) return 'history';
  if (pathname === '/api' && findEtherscanAction(search)?.cache === 'per-index-version') return 'txlist';
  return undefined;
}

function normalizedUrl(pathname: string, search: URLSearchParams): string {
  const params = [...search.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return params.length === 0 ? pathname : `${pathname}?${new URLSearchParams(params).toString()}`;
}

/** The current index version, without waiting (undefined: this process does not write the index). */
function currentVersion(): string | undefined {
  return indexVersion(peekIndexAvailability());
}

/** For a GET of a kept API while a version is known: where its answer goes. Read it before asking the index. */
export function apiAnswerSlot(method: string, pathname: string, search: URLSearchParams): ApiAnswerSlot | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  const api = apiOf(pathname, search);
  if (!api || isNodeWorkRoute(method, pathname, search)) return undefined;
  const version = currentVersion();
  return version === undefined ? undefined : { api, url: normalizedUrl(pathname, search), version };
}

/** Keeps a 200 answer's JSON (exactly the route's body) for its slot. */
export function keepApiAnswer(slot: ApiAnswerSlot | undefined, json: string): void {
  if (!slot) return;
  const s = store();
  const bytes = Buffer.byteLength(json);
  if (bytes > MAX_BYTES / 8) return; // waiters go to the route themselves once this response ends
  const old = s.map.get(slot.url);
  if (old) {
    s.map.delete(slot.url);
    s.bytes -= old.bytes;
  }
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  const page: StoredPage = { body: json, csp: API_CONTENT_SECURITY_POLICY, etag, storedAt: Date.now() };
  s.map.set(slot.url, { version: slot.version, bytes, page });
  s.bytes += bytes;
  // The requests that came while this one was read get it too.
  pending().get(`${slot.version}\n${slot.url}`)?.settle(page);
  for (const [url, kept] of s.map) {
    if (s.bytes <= MAX_BYTES) break;
    s.map.delete(url);
    s.bytes -= kept.bytes;
  }
}

/**
 * What the fast path does with this request: `kept`, the answer to send; `wait`, the answer one
 * request already gone to the route will keep (undefined if it keeps none: then this one goes to
 * Next too), so that the callers right after a commit cost one route run, not one each; `route`,
 * go to Next (this request's answer is then awaited by the next ones; `done` when it has ended);
 * undefined for a request this store never answers. Counted as a hit unless it goes to the route.
 */
export type ApiAnswerPlan =
  | { readonly kind: 'kept'; readonly page: StoredPage }
  | { readonly kind: 'wait'; readonly answer: Promise<StoredPage | undefined> }
  | { readonly kind: 'route'; readonly done: () => void };

export function planApiAnswer(method: string, pathname: string, search: URLSearchParams): ApiAnswerPlan | undefined {
  const slot = apiAnswerSlot(method, pathname, search);
  if (!slot) return undefined;
  const s = store();
  const kept = s.map.get(slot.url);
  if (kept?.version === slot.version) {
    recordCacheLookup(`api-${slot.api}`, true);
    // Most recently used last, so the oldest is dropped first.
    s.map.delete(slot.url);
    s.map.set(slot.url, kept);
    return { kind: 'kept', page: kept.page };
  }
  const id = `${slot.version}\n${slot.url}`;
  const waiting = pending().get(id);
  // Sharing another request's read counts as a hit: the route runs once for both.
  recordCacheLookup(`api-${slot.api}`, waiting !== undefined);
  if (waiting) return { kind: 'wait', answer: waiting.answer };
  let settle: (page: StoredPage | undefined) => void = () => undefined;
  const answer = new Promise<StoredPage | undefined>((resolve) => (settle = resolve));
  pending().set(id, { answer, settle });
  return {
    kind: 'route',
    done: () => {
      // The route kept its answer before its response ended (keepApiAnswer settles it), or kept none.
      pending().get(id)?.settle(undefined);
      pending().delete(id);
    },
  };
}

interface Pending {
  readonly answer: Promise<StoredPage | undefined>;
  readonly settle: (page: StoredPage | undefined) => void;
}
const PENDING = Symbol.for('strata.server.api-answers-pending');
function pending(): Map<string, Pending> {
  const holder = globalThis as { [PENDING]?: Map<string, Pending> };
  return (holder[PENDING] ??= new Map());
}

/** The headers of a kept answer: the route's (Content-Type, no-store), proxy.ts's API headers and Next's Vary. */
export function apiAnswerHeaders(https: boolean): Record<string, string> {
  return {
    'Cache-Control': 'no-store',
    ...apiSecurityHeaders(https),
    'Content-Type': 'application/json',
    Vary: ROUTE_VARY,
  };
}
