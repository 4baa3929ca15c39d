/**
 * What an operator runs: the standalone build (.next/standalone/server.js) against the suite's
 * devnet, serving a block page and its assets, /api/health, request ids and JSON request logs,
 * and its metrics on a port of their own behind a bearer token (STRATA_METRICS_PORT,
 * STRATA_METRICS_TOKEN), nowhere on the explorer's port.
 */
import { expect, test } from '../fixtures';
import { DEVNET_OFFSET, devnetUrl, rpcEnvFor } from '../support/env';
import { freePort } from '../support/ports';
import { rpc, type RpcBlockLite } from '../support/rpc';
import { startStandalone, type StandaloneServer } from '../support/standalone';

test.describe('operations (standalone build)', () => {
  test.describe.configure({ mode: 'serial' });
  let server: StandaloneServer | undefined;
  let metricsUrl = '';
  const TOKEN = 'metrics-token-of-the-ops-spec';

  test.beforeAll(async () => {
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    server = await startStandalone(await freePort(), { ...rpcEnvFor(DEVNET_OFFSET), STRATA_METRICS_PORT: String(metricsPort), STRATA_METRICS_TOKEN: TOKEN });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('the standalone server serves a block page with its scripts and styles', async ({ page }) => {
    if (!server) throw new Error('not started');
    const block = await rpc<RpcBlockLite>(devnetUrl('cyprus1'), 'quai_getBlockByNumber', ['0x1', false]);
    const response = await page.goto(`${server.url}/chain/cyprus1/block/${block.hash}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('main')).toContainText(block.hash);
    // Hydrated (the assets came from the standalone folder): the theme switch works.
    await expect(page.locator('html')).toHaveClass(/js/);
    const html = await response?.text();
    const chunk = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html ?? '')?.[1];
    expect(chunk).toBeTruthy();
    expect((await page.request.get(`${server.url}${chunk}`)).status()).toBe(200);
    expect((await page.request.get(`${server.url}/favicon.svg`)).status()).toBe(200);
  });

  test('health: liveness without the node, readiness per chain', async ({ request }) => {
    test.setTimeout(150_000);
    if (!server) throw new Error('not started');
    const live = await request.get(`${server.url}/api/health?live`);
    expect(await live.json()).toEqual({ live: true });
    // 503 until its history index is open (the readiness a load balancer waits for), then 200.
    const url = server.url;
    await expect.poll(async () => (await request.get(`${url}/api/health`)).status(), { timeout: 120_000 }).toBe(200);
    const ready = await request.get(`${server.url}/api/health`);
    expect(ready.status()).toBe(200);
    const body = (await ready.json()) as { ready: boolean; chains: Array<{ chain: string; ready: boolean; height?: string }> };
    expect(body.ready).toBe(true);
    expect(body.chains).toHaveLength(13);
    for (const chain of body.chains) {
      expect(chain.ready, chain.chain).toBe(true);
      expect(chain.height, chain.chain).toMatch(/^\d+$/);
    }
  });

  test('metrics: request latency by route, node latency by chain and method, cache hits, coalesced waiters, the process (event loop, heap, GC, CPU)', async ({ request }) => {
    if (!server) throw new Error('not started');
    const block = await rpc<RpcBlockLite>(devnetUrl('cyprus1'), 'quai_getBlockByNumber', ['0x2', false]);
    // The page shares the proxy's lookup of the block (a coalesced waiter).
    expect((await request.get(`${server.url}/chain/cyprus1/block/${block.hash}`)).status()).toBe(200);
    // Another view of the same block, later than lookups are shared (3 s): its render finds the
    // block in the immutable cache. (/block/<hash> would not do: once the block page is stored,
    // its redirect is answered without a render, lib/server/page-cache/page-cache.ts.)
    await new Promise((r) => setTimeout(r, 3_200));
    expect((await request.get(`${server.url}/chain/cyprus1/block/${block.hash}?tab=raw`)).status()).toBe(200);
    // 307 to its chain, or 200 listing its chains when it is also a region or prime block.
    expect([200, 307]).toContain((await request.get(`${server.url}/block/${block.hash}`, { maxRedirects: 0 })).status());
    // Not on the explorer's port, not even by way of dot segments; on the metrics port only with the token.
    expect((await request.get(`${server.url}/api/metrics`)).status()).toBe(404);
    expect((await request.get(metricsUrl)).status()).toBe(401);
    expect((await request.get(metricsUrl, { headers: { authorization: 'Bearer not-the-token' } })).status()).toBe(401);
    const response = await request.get(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/plain; version=0.0.4');
    const text = await response.text();
    expect(text).toContain('# TYPE strata_http_request_duration_seconds histogram');
    expect(text).toMatch(/strata_http_request_duration_seconds_count\{route="\/chain\/\[chain\]\/block\/\[id\]",method="GET",status="2xx"\} [1-9]/);
    expect(text).toMatch(/strata_node_request_duration_seconds_count\{chain="cyprus1",method="quai_getBlockByHash"\} [1-9]/);
    expect(text).toMatch(/strata_node_http_requests_total\{chain="cyprus1"\} [1-9]/);
    expect(text).toMatch(/strata_cache_lookups_total\{cache="full-block-by-hash",result="hit"\} [1-9]/);
    expect(text).toMatch(/strata_coalesced_waiters_total\{source="recent"\} [1-9]/);
    expect(text).toContain('# TYPE strata_node_errors_total counter');
    // prom-client's process metrics, the names Node dashboards query.
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d+/m);
    expect(text).toMatch(/^nodejs_heap_size_total_bytes \d+/m);
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
  });

  test('every response has a request id, and each request is one JSON log line carrying it', async ({ request }) => {
    if (!server) throw new Error('not started');
    const fresh = await request.get(`${server.url}/network`);
    expect(fresh.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const id = `test-${Date.now()}-abcdef`;
    const given = await request.get(`${server.url}/api/tips`, { headers: { 'x-request-id': id } });
    expect(given.headers()['x-request-id']).toBe(id);
    await expect
      .poll(() => server?.output().split('\n').filter((line) => line.includes(id)).length ?? 0)
      .toBeGreaterThan(0);
    const line = server.output().split('\n').find((l) => l.includes(id)) ?? '';
    expect(JSON.parse(line)).toMatchObject({ level: 'info', msg: 'request', requestId: id, method: 'GET', route: '/api/tips', status: 200 });
  });
});
