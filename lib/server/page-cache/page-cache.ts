/**
 * The page cache: server.ts's stage between the static assets and Next. For a request of a route
 * that keeps its answers (./plan.ts reads the route table), in order:
 *
 *   1. a page URL with parameters it does not read is redirected to its canonical URL
 *   2. the node's health: a durable page (immutable, when-final) is served whatever it is (with the
 *      stale banner while the node is down); any other needs the node up, else Next answers (503)
 *   3. the copy's variant (./variant.ts): a durable page's is known at once, and its kept copy
 *      (this process's, else the fleet's) is served; before a durable page is rendered it must be
 *      final; a live page's variant is read now (the tips snapshot, the index version, the data)
 *   4. the copy for that variant: kept, in flight for another request (shared), or rendered now
 *      (./render.ts), once for every request that asks meanwhile (./store.ts), and with REDIS_URL
 *      once for the fleet for the pages that follow the tip (./fleet.ts)
 *   5. written by ./write.ts, the one writer of the cache's answers and their headers
 *
 * A render that is not an answer to keep (a 404, a 502, a failure), a page that is not final yet
 * and a live page whose variant cannot be known go on to Next, which answers them as without a
 * cache (proxy.ts decides their status). Each route is counted: lookups
 * (strata_cache_lookups_total by cache) and renders (strata_page_renders_total by route).
 */
import type { IncomingMessage } from 'node:http';
import { BASE_SECURITY_HEADERS, HSTS_VALUE } from '@/lib/http/security-headers';
import { pageRenderBegun, recordCacheLookup, recordPageRender } from '@/lib/ops/metrics';
import { lastHealth, nodeHealth, recentHealth, type NodeHealth } from '@/lib/server/node/health';
import { onTipsRead } from '@/lib/server/tips/tips-source';
import { urls } from '@/lib/routes/urls';
import { etagOf, type Answer, type ContentEncoding } from './answer';
import { keepsEtherscanAnswer } from './etherscan-answer';
import { readShared, renderForFleet, writeShared } from './fleet';
import { HANDOFF_HEADER, leaveHandoff } from './handoff';
import { RENDER_HEADER } from './internal-render';
import { planOf, type KeptRoute } from './plan';
import { renderAnswer, type RenderResult } from './render';
import { AnswerStore, type CopyKey, type Outcome } from './store';
import { alsoKeyedBy, isFinal, liveVariant, tipVariant, type Variant } from './variant';
import { answerHeaders, writeAnswer } from './write';
import { requestOverHttps } from '@/lib/http/https';
import type { Stage } from '@/lib/http/stage';

/** How long Redis keeps a durable copy: a week, like the CDN's stale-while-revalidate. */
const DURABLE_TTL_SECONDS = 7 * 24 * 3600;
/** How long Redis keeps a tip page's copy: far longer than a snapshot lives (2 s), short for memory. */
const TIP_TTL_SECONDS = 60;
/** A durable page's health check: the last probe while younger, only for its banner. */
const DURABLE_HEALTH_MS = 5_000;
/** A live page's: the node answered within the last second (as proxy.ts's nodeHealth()). */
const LIVE_HEALTH_MS = 1_000;

export interface PageCacheOptions {
  /** Where this server reaches itself (http://127.0.0.1:<port>), known once it listens. */
  readonly origin: () => string | undefined;
  /** The memory store's size (STRATA_PAGE_STORE_MB, default 256 MB). */
  readonly capacityBytes: number;
}

const durable = (kept: KeptRoute) => kept.policy === 'immutable' || kept.policy === 'when-final';

/** A request's copy: the answer (none: Next answers), how it was had, and its key in the store. */
interface Copy {
  readonly answer?: Answer;
  readonly outcome: Outcome;
  readonly key?: CopyKey;
}

/** A client navigation's RSC request or prefetch: Next's to answer, never a kept HTML copy. */
function isFlight(request: IncomingMessage, query: string): boolean {
  const h = request.headers;
  return h.rsc !== undefined || h['next-router-prefetch'] !== undefined || h['next-router-state-tree'] !== undefined || /(^|&)_rsc=/.test(query);
}

export interface PageCache {
  readonly stage: Stage;
  readonly store: AnswerStore;
}

export function createPageCache({ origin, capacityBytes }: PageCacheOptions): PageCache {
  const store = new AnswerStore(capacityBytes);
  /** The pages that follow the tip this process holds: rendered as soon as a tips read sees a new tip. */
  const tipPages = new Map<string, KeptRoute>();

  /** A render of `kept`'s canonical URL, counted; `handoff` data goes with a per-data page's render. */
  async function render(kept: KeptRoute, variant: Variant): Promise<RenderResult> {
    const base = origin();
    if (!base) return { kind: 'not-kept' };
    const handoff = variant.handoff && leaveHandoff(variant.handoff.identity, variant.handoff.data);
    const finished = pageRenderBegun(kept.route.pattern);
    try {
      let result = await renderAnswer(base, kept.url, handoff ? { [HANDOFF_HEADER]: handoff.token } : {});
      // Etherscan's API answers its failures with HTTP 200 too: those are not kept (./etherscan-answer.ts).
      if (kept.route.cache === 'per-action' && result.kind === 'kept' && result.answer.body && !keepsEtherscanAnswer(result.answer.body, durable(kept))) {
        result = { kind: 'not-kept' };
      }
      recordPageRender(kept.route.pattern, kept.policy, result.kind);
      return result;
    } finally {
      finished();
      handoff?.release();
    }
  }

  /** EIP-3091's `/block/<hash>` answered from then on by a 307 to the kept chain page, without a render asking every chain. */
  function learnBlockChain(kept: KeptRoute): void {
    const { chain, id } = kept.params;
    if (kept.route.pattern !== '/chain/[chain]/block/[id]' || !chain || !id || kept.url.includes('?')) return;
    const key: CopyKey = { url: `/block/${id.toLowerCase()}`, variant: '' };
    if (store.peek(key)) return;
    const location = urls.block(chain as Parameters<typeof urls.block>[0], id.toLowerCase());
    store.keep(key, { status: 307, location, etag: etagOf(location), storedAt: Date.now() });
  }

  /** A durable page: its copy whatever the node's state, else rendered once it is final. */
  async function durableCopy(kept: KeptRoute, health: NodeHealth): Promise<Copy> {
    const key: CopyKey = { url: kept.url, variant: alsoKeyedBy(kept) };
    const local = store.peek(key);
    if (local) return { answer: local, outcome: 'hit', key };
    const shared = await readShared(key, kept.cacheName);
    if (shared) {
      store.keep(key, shared);
      return { answer: shared, outcome: 'hit', key };
    }
    if (!health.ok || !(kept.policy === 'immutable' || (await isFinal(kept)))) return { outcome: 'rendered' };
    const fetched = await store.fetch(key, async () => {
      const result = await render(kept, { variant: key.variant });
      if (result.kind === 'kept') await writeShared(key, result.answer, DURABLE_TTL_SECONDS);
      return result;
    });
    return { ...fetched, key };
  }

  /** A live page's copy for what it shows now. */
  async function liveCopy(kept: KeptRoute): Promise<Copy> {
    const variant = await liveVariant(kept);
    if (!variant) return { outcome: 'rendered' };
    const key: CopyKey = { url: kept.url, variant: variant.variant };
    if (kept.policy !== 'per-tip') return { ...(await store.fetch(key, () => render(kept, variant))), key };
    tipPages.set(kept.url, kept);
    return { ...(await store.fetch(key, () => renderForFleet(key, kept.cacheName, TIP_TTL_SECONDS, () => render(kept, variant), () => undefined))), key };
  }

  // A tips read that sees a new tip renders the held tip pages before a viewer asks: a viewer then
  // finds the copy made, or shares that render rather than starting one.
  onTipsRead('page-cache', (snapshot) => {
    for (const kept of tipPages.values()) {
      const variant = tipVariant(kept, snapshot);
      const key = variant === undefined ? undefined : { url: kept.url, variant };
      if (!key || store.peek(key)) continue;
      void store.fetch(key, () => renderForFleet(key, kept.cacheName, TIP_TTL_SECONDS, () => render(kept, { variant: key.variant }), () => undefined)).catch(() => undefined);
    }
  });

  const stage: Stage = async (request, response, next) => {
    // Its own renders go to Next (a render answered from the cache would wait for itself).
    if (request.headers[RENDER_HEADER] !== undefined) return next();
    const raw = request.url ?? '/';
    const mark = raw.indexOf('?');
    const pathname = mark === -1 ? raw : raw.slice(0, mark);
    const query = mark === -1 ? '' : raw.slice(mark + 1);
    const plan = planOf(request.method ?? 'GET', pathname, query, isFlight(request, query));
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
    const { answer, outcome, key } = durable(kept) ? await durableCopy(kept, health) : await liveCopy(kept);
    recordCacheLookup(kept.cacheName, outcome !== 'rendered');
    if (!answer) return next();
    if (durable(kept) && answer.status === 200) learnBlockChain(kept);
    const nodeDown = durable(kept) && !health.ok;
    const encode = (encoding: ContentEncoding) => (key ? store.encoded(key, answer, encoding, durable(kept)) : Promise.resolve(undefined));
    writeAnswer(request, response, answer, answerHeaders(kept, answer, { https, nodeDown, outcome }), encode, nodeDown);
  };

  return { stage, store };
}
