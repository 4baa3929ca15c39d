import { describe, expect, test } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTransport } from '@/lib/rpc/transport';
import type { Counter } from 'prom-client';
import { metrics, recordCacheLookup, recordHttpRequest, startMetrics } from './metrics';
import { matchRoute } from '@/lib/routes/match';
import { routeLabel } from '@/lib/routes/route-label';

/** Everything /api/metrics would answer now. */
const exposition = () => metrics().registry.metrics();

/** One series' value of a counter (0 before its first increment). */
async function counterValue<L extends string>(counter: Counter<L>, labels: Readonly<Record<L, string>>): Promise<number> {
  const { values } = await counter.get();
  const same = (series: Readonly<Partial<Record<string, string | number>>>) =>
    Object.keys(series).length === Object.keys(labels).length &&
    Object.entries(labels).every(([k, v]) => series[k] === v);
  return values.find((v) => same(v.labels))?.value ?? 0;
}

describe('metrics', () => {
  test('histograms are cumulative, with +Inf, sum and count; label values are escaped', async () => {
    recordHttpRequest('/metrics-test', 'GET', 200, 0.003);
    recordHttpRequest('/metrics-test', 'GET', 204, 0.2);
    recordCacheLookup('with "quotes"', true);
    const text = await exposition();
    const series = 'route="/metrics-test",method="GET",status="2xx"';
    // prom-client writes `le` first; Prometheus reads labels in any order.
    expect(text).toContain(`strata_http_request_duration_seconds_bucket{le="0.0025",${series}} 0`);
    expect(text).toContain(`strata_http_request_duration_seconds_bucket{le="0.005",${series}} 1`);
    expect(text).toContain(`strata_http_request_duration_seconds_bucket{le="0.25",${series}} 2`);
    expect(text).toContain(`strata_http_request_duration_seconds_bucket{le="+Inf",${series}} 2`);
    expect(text).toContain(`strata_http_request_duration_seconds_count{${series}} 2`);
    expect(text).toContain('strata_cache_lookups_total{cache="with \\"quotes\\"",result="hit"} 1');
  });

  test('behavior: node requests, calls and errors are counted from the transport, over real HTTP', async () => {
    startMetrics();
    // A node that answers a batch of two with one good result and one JSON-RPC error.
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const calls = JSON.parse(body) as Array<{ id: number; method: string }>;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(calls.map((c) => (c.method === 'bad_method' ? { jsonrpc: '2.0', id: c.id, error: { code: -32000, message: 'no' } } : { jsonrpc: '2.0', id: c.id, result: '0x1' }))));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const transport = createTransport({ chain: 'metrics-chain', url, timeoutMs: 2_000 });
      const { nodeHttpRequests, nodeErrors } = metrics();
      const before = await counterValue(nodeHttpRequests, { chain: 'metrics-chain' });
      const results = await Promise.allSettled([transport.request('good_method', []), transport.request('bad_method', [])]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
      expect((await counterValue(nodeHttpRequests, { chain: 'metrics-chain' })) - before).toBe(1);
      expect(await counterValue(nodeErrors, { chain: 'metrics-chain', method: 'bad_method', error: 'JsonRpcError' })).toBe(1);
      expect(await exposition()).toContain('strata_node_request_duration_seconds_count{chain="metrics-chain",method="good_method"} 1');
    } finally {
      server.close();
    }
  });

  test('behavior: the process metrics every Node dashboard reads: event-loop lag, heap, GC, handles, CPU', async () => {
    startMetrics();
    const text = await exposition();
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'nodejs_heap_size_total_bytes', 'process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_active_handles_total']) {
      expect(text).toMatch(new RegExp(`^${name} [0-9.e+-]+$`, 'm'));
    }
    expect(text).toMatch(/^nodejs_heap_space_size_used_bytes\{space="old"\} \d+/m);
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    // One registry however often it is asked for (proxy.ts and the routes are separate bundles).
    expect(metrics().registry).toBe(metrics().registry);
  });

  test('route labels are patterns, never raw ids', () => {
    const label = (path: string) => routeLabel(path, matchRoute(path));
    expect(label(`/chain/cyprus1/block/0x${'ab'.repeat(32)}`)).toBe('/chain/[chain]/block/[id]');
    expect(label('/chain/cyprus1/block/5/tx/0')).toBe('/chain/[chain]/block/[id]/tx/[index]');
    expect(label('/api/address/0xabc/call')).toBe('/api/address/[address]/call');
    expect(label('/api/tips')).toBe('/api/tips');
    expect(label('/network')).toBe('/network');
    expect(label('/_next/static/chunks/abc.js')).toBe('/_next/static');
    expect(label('/')).toBe('/');
    expect(label('/wp-admin/setup.php')).toBe('other');
  });
});
