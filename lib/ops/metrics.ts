/**
 * The explorer's metrics, rendered in Prometheus's text format by GET /api/metrics:
 *
 *   strata_http_request_duration_seconds  histogram {route, method, status}  every HTTP request
 *   strata_node_request_duration_seconds  histogram {chain, method}          every JSON-RPC call
 *   strata_node_errors_total              counter   {chain, method, error}   failed calls by error class
 *   strata_node_http_requests_total       counter   {chain}                  HTTP requests sent to nodes
 *   strata_cache_lookups_total            counter   {cache, result}          hit or miss, per cache
 *   strata_coalesced_waiters_total        counter   {source}                 callers served by another's fetch
 *
 * One registry per process on globalThis (proxy.ts, route handlers and pages are separate bundles).
 * Labels come from fixed sets (route patterns, chain names, method names), never raw URLs.
 */
import { setRpcObserver } from '@/lib/rpc/observe';

const BUCKETS_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Labels = Readonly<Record<string, string>>;

interface Histogram {
  readonly counts: number[];
  sum: number;
  count: number;
}

class Registry {
  readonly counters = new Map<string, Map<string, number>>();
  readonly histograms = new Map<string, Map<string, Histogram>>();

  inc(name: string, labels: Labels, by = 1): void {
    const series = this.counters.get(name) ?? new Map<string, number>();
    this.counters.set(name, series);
    const key = labelText(labels);
    series.set(key, (series.get(key) ?? 0) + by);
  }

  observe(name: string, labels: Labels, seconds: number): void {
    const series = this.histograms.get(name) ?? new Map<string, Histogram>();
    this.histograms.set(name, series);
    const key = labelText(labels);
    let histogram = series.get(key);
    if (!histogram) {
      histogram = { counts: BUCKETS_SECONDS.map(() => 0), sum: 0, count: 0 };
      series.set(key, histogram);
    }
    BUCKETS_SECONDS.forEach((bound, i) => {
      if (seconds <= bound) histogram.counts[i] = (histogram.counts[i] ?? 0) + 1;
    });
    histogram.sum += seconds;
    histogram.count += 1;
  }
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function labelText(labels: Labels): string {
  return Object.entries(labels)
    .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
    .join(',');
}

const HELP: Readonly<Record<string, string>> = {
  strata_http_request_duration_seconds: 'Time to answer an HTTP request, by route pattern, method and status class.',
  strata_node_request_duration_seconds: 'Time for a JSON-RPC call to the node (the HTTP request that carried it), by chain and method.',
  strata_node_errors_total: 'JSON-RPC calls that failed, by chain, method and error class.',
  strata_node_http_requests_total: 'HTTP requests sent to the node (one batch is one request), by chain.',
  strata_cache_lookups_total: 'Lookups of the explorer caches, by cache and result (hit or miss).',
  strata_coalesced_waiters_total: 'Callers answered by a fetch another caller started (in flight) or just finished (recent).',
};

const KEY = Symbol.for('strata.ops.metrics');
type Holder = { [KEY]?: Registry };

function registry(): Registry {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const created = new Registry();
    holder[KEY] = created;
    // Node traffic is observed from the first metric touched on, i.e. from server start
    // (instrumentation.ts touches the registry when it installs the request observer).
    setRpcObserver({
      httpRequest: (chain) => created.inc('strata_node_http_requests_total', { chain }),
      call: ({ chain, method, durationMs, error }) => {
        created.observe('strata_node_request_duration_seconds', { chain, method }, durationMs / 1000);
        if (error) created.inc('strata_node_errors_total', { chain, method, error });
      },
      invalidAnswer: (chain, method) => created.inc('strata_node_errors_total', { chain, method, error: 'InvalidResponseError' }),
    });
  }
  return holder[KEY];
}

/** Starts collecting (installs the node-traffic observer). Idempotent. */
export function startMetrics(): void {
  registry();
}

export function recordHttpRequest(route: string, method: string, status: number, seconds: number): void {
  registry().observe('strata_http_request_duration_seconds', { route, method, status: `${Math.floor(status / 100)}xx` }, seconds);
}

export function recordCacheLookup(cache: string, hit: boolean): void {
  registry().inc('strata_cache_lookups_total', { cache, result: hit ? 'hit' : 'miss' });
}

export function recordCoalescedWaiter(source: 'in-flight' | 'recent'): void {
  registry().inc('strata_coalesced_waiters_total', { source });
}

/** A counter's current value (tests, the bench). */
export function counterValue(name: string, labels: Labels): number {
  return registry().counters.get(name)?.get(labelText(labels)) ?? 0;
}

/** Everything, in Prometheus's text exposition format (version 0.0.4). */
export function renderMetrics(): string {
  const reg = registry();
  const lines: string[] = [];
  for (const name of Object.keys(HELP)) {
    const counters = reg.counters.get(name);
    const histograms = reg.histograms.get(name);
    const isHistogram = name.endsWith('_seconds');
    lines.push(`# HELP ${name} ${HELP[name]}`, `# TYPE ${name} ${isHistogram ? 'histogram' : 'counter'}`);
    if (counters) for (const [labels, value] of counters) lines.push(`${name}{${labels}} ${value}`);
    if (histograms) {
      for (const [labels, h] of histograms) {
        const prefix = labels ? `${labels},` : '';
        BUCKETS_SECONDS.forEach((bound, i) => lines.push(`${name}_bucket{${prefix}le="${bound}"} ${h.counts[i] ?? 0}`));
        lines.push(`${name}_bucket{${prefix}le="+Inf"} ${h.count}`, `${name}_sum{${labels}} ${h.sum}`, `${name}_count{${labels}} ${h.count}`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}
