import { describe, expect, test } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTransport } from '@/lib/rpc/transport';
import { counterValue, recordCacheLookup, recordHttpRequest, renderMetrics, startMetrics } from './metrics';
import { routeLabel } from './route-label';

describe('metrics', () => {
  test('histograms are cumulative, with +Inf, sum and count; label values are escaped', () => {
    recordHttpRequest('/metrics-test', 'GET', 200, 0.003);
    recordHttpRequest('/metrics-test', 'GET', 204, 0.2);
    recordCacheLookup('with "quotes"', true);
    const text = renderMetrics();
    const series = 'route="/metrics-test",method="GET",status="2xx"';
    expect(text).toContain(`strata_http_request_duration_seconds_bucket{${series},le="0.0025"} 0`);
    expect(text).toContain(`strata_http_request_duration_seconds_bucket{${series},le="0.005"} 1`);
    expect(text).toContain(`strata_http_request_duration_seconds_bucket{${series},le="0.25"} 2`);
    expect(text).toContain(`strata_http_request_duration_seconds_bucket{${series},le="+Inf"} 2`);
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
      const before = counterValue('strata_node_http_requests_total', { chain: 'metrics-chain' });
      const results = await Promise.allSettled([transport.request('good_method', []), transport.request('bad_method', [])]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
      expect(counterValue('strata_node_http_requests_total', { chain: 'metrics-chain' }) - before).toBe(1);
      expect(counterValue('strata_node_errors_total', { chain: 'metrics-chain', method: 'bad_method', error: 'JsonRpcError' })).toBe(1);
      expect(renderMetrics()).toContain('strata_node_request_duration_seconds_count{chain="metrics-chain",method="good_method"} 1');
    } finally {
      server.close();
    }
  });

  test('route labels are patterns, never raw ids', () => {
    expect(routeLabel(`/chain/cyprus1/block/0x${'ab'.repeat(32)}?tab=raw`)).toBe('/chain/[chain]/block/[id]');
    expect(routeLabel('/chain/cyprus1/block/5/tx/0')).toBe('/chain/[chain]/block/[id]/tx/[index]');
    expect(routeLabel('/api/address/0xabc/call')).toBe('/api/address/[address]/call');
    expect(routeLabel('/api/tips')).toBe('/api/tips');
    expect(routeLabel('/network')).toBe('/network');
    expect(routeLabel('/_next/static/chunks/abc.js')).toBe('/_next/static');
    expect(routeLabel('/')).toBe('/');
    expect(routeLabel('/wp-admin/setup.php')).toBe('other');
  });
});
