/**
 * The page cache: server.ts's stage between the static assets and Next. For a request of a route
 * that keeps its answers (./plan.ts reads the route table, with the route server.ts's first
 * stage matched), in order:
 *
 *   1. a page URL with parameters it does not read is redirected to its canonical URL
 *   2. the node's health: a durable page (immutable, when-final) is served whatever it is (with the
 *      stale banner while the node is down); any other needs the node up, else Next answers (503)
 *   3. the copy's variant (./variant.ts): a durable page's is known at once, and its kept copy
 *      (this process's, else the fleet's) is served; before a durable page is rendered, its
 *      route's resolver must have found it, and final; a live page's variant is read now (the
 *      tips snapshot, the index version, a digest of the data its resolver found)
 *   4. the copy for that variant: kept, in flight for another request (shared), or rendered now by
 *      Next as the answer to this very request, held until it ends (./held-response.ts), once for
 *      every request that asks meanwhile (./store.ts), and with REDIS_URL once for the fleet for
 *      the pages that follow the tip (./fleet.ts); the page draws from the verdict its resolver
 *      already gave this request (lib/server/pipeline/resolution.ts), so a miss loads once
 *   5. written by ./write.ts, the one writer of the cache's answers and their headers
 *
 * A render that is not an answer to keep (a 404, a 502, a failure) is sent to its reader as Next
 * wrote it; the requests that waited for it, a page not final yet and a live page whose variant
 * cannot be known go on to Next, which answers them as without a cache (proxy.ts decides their
 * status from the same verdict). Each route is counted: lookups (strata_cache_lookups_total by
 * cache) and renders (strata_page_renders_total by route).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BASE_SECURITY_HEADERS, HSTS_VALUE, htmlSecurityHeaders } from '@/lib/http/security-headers';
import { pageRenderBegun, recordCacheLookup, recordPageRender } from '@/lib/ops/metrics';
import { currentRoute } from '@/lib/routes/request-route';
import type { RequestRoute, Verdict } from '@/lib/routes/resolver';
import { lastHealth, nodeHealth, recentHealth, type NodeHealth } from '@/lib/server/node/health';
import { routeVerdict } from '@/lib/server/pipeline/resolution';
import { resolverOf } from '@/lib/server/pipeline/resolvers';
import { requestOverHttps } from '@/lib/http/https';
import type { Stage } from '@/lib/http/stage';
import { etagOf, type Answer, type ContentEncoding } from './answer';
import { readShared, renderForFleet, writeShared } from './fleet';
import { HoldableResponse, type Held } from './held-response';
import { planOf, type KeptRoute } from './plan';
import { answerOf, pageCsp, type RenderResult } from './render';
import { AnswerStore, type CopyKey, type Outcome } from './store';
import { alsoKeyedBy, dataVariant, liveVariant } from './variant';
import { answerHeaders, writeAnswer } from './write';

/** How long Redis keeps a durable copy: a week, like the CDN's stale-while-revalidate. */
const DURABLE_TTL_SECONDS = 7 * 24 * 3600;
/** How long Redis keeps a tip page's copy: far longer than a snapshot lives (2 s), short for memory. */
const TIP_TTL_SECONDS = 60;
/** A durable page's health check: the last probe while younger, only for its banner. */
const DURABLE_HEALTH_MS = 5_000;
/** A live page's: the node answered within the last second (as proxy.ts's nodeHealth()). */
const LIVE_HEALTH_MS = 1_000;

export interface PageCacheOptions {
  /** The memory store's size (STRATA_PAGE_STORE_MB, default 256 MB). */
  readonly capacityBytes: number;
}

const durable = (kept: KeptRoute) => kept.policy === 'immutable' || kept.policy === 'when-final';

/** A request's copy: the answer (none: Next's own, or Next answers now), how it was had, and its key in the store. */
interface Copy {
  readonly answer?: Answer;
  readonly outcome: Outcome;
  readonly key?: CopyKey;
}

/** The request being served, for a render of its own: `held` is Next's answer to it once rendered. */
interface OwnRender {
  readonly route: RequestRoute;
  readonly request: IncomingMessage;
  readonly response: HoldableResponse;
  readonly next: () => void;
  held?: Held;
}

/** A client navigation's RSC request or prefetch: Next's to answer, never a kept HTML copy. */
function isFlight(request: IncomingMessage, query: string): boolean {
  const h = request.headers;
  return h.rsc !== undefined || h['next-router-prefetch'] !== undefined || h['next-router-state-tree'] !== undefined || /(^|&)_rsc=/.test(query);
}

/** This request's verdict by its route's resolver (run now, or the one something already had); undefined when it failed. */
async function verdictFor(kept: KeptRoute): Promise<Verdict<unknown> | undefined> {
  const resolver = resolverOf(kept.route);
  return resolver ? routeVerdict(resolver)?.catch(() => undefined) : undefined;
}

/** Whether a durable page may be rendered for keeps: its resolver found it (or where it is), final. */
function keepable(kept: KeptRoute, verdict: Verdict<unknown> | undefined): boolean {
  if (verdict?.kind !== 'found' && verdict?.kind !== 'redirect') return false;
  if (verdict.kind === 'found' && verdict.keep === false) return false;
  return kept.policy !== 'when-final' || verdict.final === true;
}

export interface PageCache {
  readonly stage: Stage;
  readonly store: AnswerStore;
}

export function createPageCache({ capacityBytes }: PageCacheOptions): PageCache {
  const store = new AnswerStore(capacityBytes);

  /**
   * Next's answer to this request, held (./held-response.ts) and read for a copy, counted. `route`
   * is marked for proxy.ts (no nonce: the copy is every reader's), and Next is asked for an
   * uncompressed answer (the store compresses once per encoding).
   */
  async function render(kept: KeptRoute, own: OwnRender): Promise<RenderResult> {
    const { route, request, response } = own;
    const finished = pageRenderBegun(kept.route.pattern);
    const accepts = request.headers['accept-encoding'];
    try {
      route.kept = true;
      request.headers['accept-encoding'] = 'identity';
      const held = response.hold();
      own.next();
      own.held = await held;
      request.headers['accept-encoding'] = accepts;
      const verdict = await route.verdict?.catch(() => undefined);
      const result = await answerOf(own.held, !(verdict?.kind === 'found' && verdict.keep === false));
      recordPageRender(kept.route.pattern, kept.policy, result.kind);
      return result;
    } finally {
      request.headers['accept-encoding'] = accepts;
      finished();
    }
  }

  /**
   * The copy for `key`: kept, shared with a render in flight, or rendered now by this request
   * (`fleet`: a tip page, rendered once for the fleet when it shares Redis). A HEAD is served a
   * kept copy only: it has no body to keep.
   */
  async function fetchCopy(key: CopyKey, kept: KeptRoute, own: OwnRender, fleet = false): Promise<Copy> {
    if (own.request.method !== 'GET') {
      const answer = store.peek(key);
      return answer ? { answer, outcome: 'hit', key } : { outcome: 'rendered' };
    }
    const load = () => render(kept, own);
    return { ...(await store.fetch(key, fleet ? () => renderForFleet(key, kept.cacheName, TIP_TTL_SECONDS, load, () => undefined) : load)), key };
  }

  /** A durable page: its copy whatever the node's state, else rendered once it is found and final. */
  async function durableCopy(kept: KeptRoute, health: NodeHealth, own: OwnRender): Promise<Copy> {
    const key: CopyKey = { url: kept.url, variant: alsoKeyedBy(kept) };
    const local = store.peek(key);
    if (local) return { answer: local, outcome: 'hit', key };
    const shared = await readShared(key, kept.cacheName);
    if (shared) {
      store.keep(key, shared);
      return { answer: shared, outcome: 'hit', key };
    }
    if (!health.ok) return { outcome: 'rendered' };
    const verdict = await verdictFor(kept);
    if (!keepable(kept, verdict)) return { outcome: 'rendered' };
    const copy = await fetchCopy(key, kept, own);
    if (copy.outcome === 'rendered' && copy.answer && own.held) await writeShared(key, copy.answer, DURABLE_TTL_SECONDS);
    // Another URL of the same thing (EIP-3091's /block/<hash> of a block page) answers with a redirect here from now on.
    const alias = verdict?.kind === 'found' ? verdict.alias : undefined;
    if (alias && copy.answer?.status === 200) learnAlias(alias, kept.url.split('?')[0] ?? kept.url);
    return copy;
  }

  /** `alias` answered by a 307 to `location` without a render, once its page is kept. */
  function learnAlias(alias: string, location: string): void {
    const key: CopyKey = { url: alias, variant: '' };
    if (!store.peek(key)) store.keep(key, { status: 307, location, etag: etagOf(location), storedAt: Date.now() });
  }

  /** A live page's copy for what it shows now. */
  async function liveCopy(kept: KeptRoute, own: OwnRender): Promise<Copy> {
    if (kept.policy === 'per-data') {
      const verdict = await verdictFor(kept);
      if (verdict?.kind !== 'found') return { outcome: 'rendered' };
      return fetchCopy({ url: kept.url, variant: dataVariant(kept, verdict.data) }, kept, own);
    }
    const variant = await liveVariant(kept);
    if (variant === undefined) return { outcome: 'rendered' };
    return fetchCopy({ url: kept.url, variant }, kept, own, kept.policy === 'per-tip');
  }

  /** Next's answer of this request's own render, sent as it wrote it: a kept copy's CSP for a page rendered without a nonce. */
  function release(response: HoldableResponse, held: Held, https: boolean): void {
    const type = held.headers['content-type'];
    const page = held.status === 200 && String(type ?? '').includes('text/html') && held.headers['content-security-policy'] === undefined;
    response.release(held, page ? { ...htmlSecurityHeaders(pageCsp(held.body.toString('utf8')), https), 'Cache-Control': 'no-store' } : {});
  }

  const stage: Stage = async (request, response: ServerResponse, next) => {
    // The request's route, as server.ts's first stage matched it.
    const route = currentRoute();
    if (!route || !(response instanceof HoldableResponse)) return next();
    const { pathname, query } = route;
    const plan = planOf(request.method ?? 'GET', route.match, pathname, query, isFlight(request, query));
    if (plan.kind === 'pass') return next();
    const https = requestOverHttps(request);
    if (plan.kind === 'redirect') {
      const hsts: Record<string, string> = https ? { 'Strict-Transport-Security': HSTS_VALUE } : {};
      response.writeHead(307, { ...BASE_SECURITY_HEADERS, ...hsts, Location: plan.location, 'Cache-Control': 'no-store' });
      response.end();
      return;
    }
    const kept: KeptRoute = plan;
    let health: NodeHealth;
    if (durable(kept)) {
      health = lastHealth(DURABLE_HEALTH_MS) ?? (await recentHealth(DURABLE_HEALTH_MS));
    } else {
      health = lastHealth(LIVE_HEALTH_MS) ?? (await nodeHealth());
      if (!health.ok) return next();
    }
    const own: OwnRender = { route, request, response, next };
    let copy: Copy;
    try {
      copy = durable(kept) ? await durableCopy(kept, health, own) : await liveCopy(kept, own);
    } catch (error) {
      if (!own.held) throw error; // handed on to Next by stage.ts, unless this request rendered already
      copy = { outcome: 'rendered' };
    }
    const { answer, outcome, key } = copy;
    recordCacheLookup(kept.cacheName, outcome !== 'rendered');
    if (!answer) {
      // Its own render, not an answer to keep: Next's answer as it is. Otherwise Next answers now.
      if (own.held) return release(response, own.held, https);
      return next();
    }
    const nodeDown = durable(kept) && !health.ok;
    const encode = (encoding: ContentEncoding) => (key ? store.encoded(key, answer, encoding, durable(kept)) : Promise.resolve(undefined));
    writeAnswer(request, response, answer, answerHeaders(kept, answer, { https, nodeDown, outcome }), encode, nodeDown);
  };

  return { stage, store };
}
