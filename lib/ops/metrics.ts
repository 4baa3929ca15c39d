/**
 * The explorer's metrics, on a prom-client registry served by GET /api/metrics:
 *
 *   strata_http_request_duration_seconds  histogram {route, method, status}  every HTTP request
 *   strata_node_request_duration_seconds  histogram {chain, method}          every JSON-RPC call
 *   strata_node_errors_total              counter   {chain, method, error}   failed calls by error class
 *   strata_node_http_requests_total       counter   {chain}                  HTTP requests sent to nodes
 *   strata_cache_lookups_total            counter   {cache, result}          hit or miss, per cache
 *   strata_coalesced_waiters_total        counter   {source}                 callers served by another's fetch
 *   strata_request_node_seconds           histogram {route}                  a request's wall-clock time waiting on the node
 *   strata_request_db_seconds             histogram {route}                  … on the history index's database (lib/ops/request-work.ts)
 *   strata_event_loop_utilization         gauge                              the event loop's busy share since the last scrape
 *   strata_page_renders_total             counter   {page, cache, result}    the page cache's renders, by route pattern,
 *                                                                            policy and result (lib/server/page-cache/)
 *   strata_page_renders_in_flight         gauge     {page}                   … begun and not yet finished
 *
 * and prom-client's default process metrics, the names every Node dashboard assumes
 * (`nodejs_eventloop_lag_seconds`, `nodejs_heap_size_used_bytes`, `nodejs_gc_duration_seconds`,
 * `process_cpu_seconds_total`, `nodejs_active_handles`, … listed in docs/deploy.md).
 *
 * One registry per process (lib/ops/process-wide.ts): server.ts, proxy.ts, route handlers and
 * pages are separate bundles, and a second registry would both split the counts and collect the
 * process metrics twice. Labels come from fixed sets (route patterns, chain names, method names), never raw URLs.
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { setRpcObserver } from '@/lib/ops/rpc-observe';
import { processWide } from '@/lib/ops/process-wide';
import { currentWork } from './request-context';
import type { RequestWork } from './request-work';

const BUCKETS_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface StrataMetrics {
  readonly registry: Registry;
  readonly httpDuration: Histogram<'route' | 'method' | 'status'>;
  readonly nodeDuration: Histogram<'chain' | 'method'>;
  readonly nodeErrors: Counter<'chain' | 'method' | 'error'>;
  readonly nodeHttpRequests: Counter<'chain'>;
  readonly cacheLookups: Counter<'cache' | 'result'>;
  readonly coalescedWaiters: Counter<'source'>;
  readonly pageRenders: Counter<'page' | 'cache' | 'result'>;
  readonly pageRendersInFlight: Gauge<'page'>;
  readonly requestNode: Histogram<'route'>;
  readonly requestDb: Histogram<'route'>;
}

function createMetrics(): StrataMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const created = {
    registry,
    httpDuration: new Histogram({
      name: 'strata_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern, method and status class.',
      labelNames: ['route', 'method', 'status'],
      buckets: BUCKETS_SECONDS,
      registers,
    }),
    nodeDuration: new Histogram({
      name: 'strata_node_request_duration_seconds',
      help: 'Time for a JSON-RPC call to the node (the HTTP request that carried it), by chain and method.',
      labelNames: ['chain', 'method'],
      buckets: BUCKETS_SECONDS,
      registers,
    }),
    nodeErrors: new Counter({
      name: 'strata_node_errors_total',
      help: 'JSON-RPC calls that failed, by chain, method and error class.',
      labelNames: ['chain', 'method', 'error'],
      registers,
    }),
    nodeHttpRequests: new Counter({
      name: 'strata_node_http_requests_total',
      help: 'HTTP requests sent to the node (one batch is one request), by chain.',
      labelNames: ['chain'],
      registers,
    }),
    cacheLookups: new Counter({
      name: 'strata_cache_lookups_total',
      help: 'Lookups of the explorer caches, by cache and result (hit or miss).',
      labelNames: ['cache', 'result'],
      registers,
    }),
    coalescedWaiters: new Counter({
      name: 'strata_coalesced_waiters_total',
      help: 'Callers answered by a fetch another caller started (in flight) or just finished (recent).',
      labelNames: ['source'],
      registers,
    }),
    pageRenders: new Counter({
      name: 'strata_page_renders_total',
      help: 'Renders the page cache made to serve every viewer of one copy, by route pattern, cache policy and result (kept; not-kept when the render was not a page to keep; too-large when it was served to the requests that waited for it but is over the limit of one copy).',
      labelNames: ['page', 'cache', 'result'],
      registers,
    }),
    pageRendersInFlight: new Gauge({
      name: 'strata_page_renders_in_flight',
      help: 'Renders the page cache has begun and not yet finished, by route pattern (a render that never ends stays here).',
      labelNames: ['page'],
      registers,
    }),
    requestNode: new Histogram({
      name: 'strata_request_node_seconds',
      help: 'Wall-clock time an HTTP request waited on the node (overlapping JSON-RPC calls count once), by route pattern.',
      labelNames: ['route'],
      buckets: BUCKETS_SECONDS,
      registers,
    }),
    requestDb: new Histogram({
      name: 'strata_request_db_seconds',
      help: 'Wall-clock time an HTTP request waited on the history index database (overlapping queries count once), by route pattern.',
      labelNames: ['route'],
      buckets: BUCKETS_SECONDS,
      registers,
    }),
  };
  // The event loop's busy share between two scrapes (a benchmark scrapes before and after a load).
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  new Gauge({
    name: 'strata_event_loop_utilization',
    help: 'Share of time the event loop was busy since the previous scrape (0 to 1).',
    registers,
    collect() {
      const now = performance.eventLoopUtilization();
      this.set(performance.eventLoopUtilization(now, last).utilization);
      last = now;
    },
  });
  return created;
}

/** The process's metrics (created, with the node-traffic observer, on first use). */
export function metrics(): StrataMetrics {
  return processWide('metrics', () => {
    const created = createMetrics();
    // Node traffic is observed from the first metric touched on, i.e. from server start
    // (server.ts's request observer touches the registry as it starts).
    setRpcObserver({
      httpRequest: (chain) => created.nodeHttpRequests.inc({ chain }),
      call: ({ chain, method, durationMs, error }) => {
        created.nodeDuration.observe({ chain, method }, durationMs / 1000);
        currentWork()?.nodeCall(durationMs);
        if (error) created.nodeErrors.inc({ chain, method, error });
      },
      invalidAnswer: (chain, method) => created.nodeErrors.inc({ chain, method, error: 'InvalidResponseError' }),
    });
    return created;
  });
}

/** Starts collecting (the process metrics and the node-traffic observer). Idempotent. */
export function startMetrics(): void {
  metrics();
}

/** Status as its class ("2xx"): a label per status code would split series for no question asked. */
export function recordHttpRequest(route: string, method: string, status: number, seconds: number): void {
  metrics().httpDuration.observe({ route, method, status: `${Math.floor(status / 100)}xx` }, seconds);
}

export function recordCacheLookup(cache: string, hit: boolean): void {
  metrics().cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' });
}

export function recordCoalescedWaiter(source: 'in-flight' | 'recent'): void {
  metrics().coalescedWaiters.inc({ source });
}

export function recordPageRender(page: string, cache: string, result: 'kept' | 'not-kept' | 'too-large'): void {
  metrics().pageRenders.inc({ page, cache, result });
}

/** A render of `page` begins: counted in flight until the returned function is called. */
export function pageRenderBegun(page: string): () => void {
  const inFlight = metrics().pageRendersInFlight;
  inFlight.inc({ page });
  return () => inFlight.dec({ page });
}

/** A finished request's node and database time (lib/ops/request-work.ts). */
export function recordRequestWork(route: string, work: RequestWork): void {
  const m = metrics();
  m.requestNode.observe({ route }, work.nodeMs / 1000);
  m.requestDb.observe({ route }, work.dbMs / 1000);
}
