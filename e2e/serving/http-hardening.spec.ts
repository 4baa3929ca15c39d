/**
 * HTTP hardening against the suite's explorer: the security headers on every kind of HTML
 * response (pages, the proxy's own status pages, an API answer), a CSP whose scripts need a
 * nonce or a hash and whose nonce is on the page's scripts; the rate limit on node-heavy routes
 * (429 with Retry-After); body limits on the POST routes.
 *
 * The rate-limited requests name a client of their own in X-Forwarded-For (the suite's explorer
 * trusts one proxy, playwright.config.ts, so that header names the client), leaving other specs'
 * budget alone. That a made-up header buys nothing without a trusted proxy: trust-boundaries.spec.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { get as httpGet } from 'node:http';
import type { APIResponse } from '@playwright/test';
import { expect, test } from '../fixtures';
import { BASE_URL, devnetUrl } from '../support/env';
import { rpc, type RpcBlockLite } from '../support/rpc';

function expectHardened(response: APIResponse, path: string): string {
  const headers = response.headers();
  expect(headers['content-type'], path).toContain('text/html');
  expect(headers['x-content-type-options'], path).toBe('nosniff');
  expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], path).toContain('camera=()');
  expect(headers['strict-transport-security'], `${path}: no HSTS over plain http`).toBeUndefined();
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, path).toContain("frame-ancestors 'none'");
  const script = csp.split('; ').find((d) => d.startsWith('script-src ')) ?? '';
  expect(script, path).toMatch(/^script-src 'self' /);
  expect(script, path).not.toContain('unsafe-inline');
  expect(script, path).not.toContain('unsafe-eval');
  return script;
}

const client = () => `198.51.100.${randomBytes(1)[0]}-${randomBytes(4).toString('hex')}`;

/** A GET with the path exactly as written: a URL parser would resolve the dot segments before sending. */
function rawGet(path: string): Promise<{ status: number; contentType: string; body: string }> {
  return new Promise((resolve, reject) => {
    httpGet(`${BASE_URL}/`, { path }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (d: string) => (body += d));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'] ?? '', body }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

test.describe('HTTP hardening', () => {
  test('every HTML response carries the security headers; page scripts carry the nonce', async ({ request }) => {
    // The suite's devnet may have just started: wait for its first zone block.
    let block: RpcBlockLite | null = null;
    await expect
      .poll(async () => (block = await rpc<RpcBlockLite | null>(devnetUrl('cyprus1'), 'quai_getBlockByNumber', ['0x1', false])) !== null, { timeout: 30_000 })
      .toBe(true);
    const { hash } = block as unknown as RpcBlockLite;
    const pages = [
      '/',
      '/network',
      '/fees',
      '/txpool',
      '/broadcast',
      '/chain/cyprus1',
      `/chain/cyprus1/block/${hash}`,
      `/chain/cyprus1/block/${hash}?tab=raw`,
      '/address/0x0000000000000000000000000000000000000000',
      '/search?q=cyprus1x',
      '/tx/0x1234', // the proxy's 404 page
      '/chain/cyprus1/block/999999999', // the proxy's "no such block"
    ];
    const nonces = new Set<string>();
    let rendered = 0;
    for (const path of pages) {
      const response = await request.get(path);
      const script = expectHardened(response, path);
      const nonce = /'nonce-([^']+)'/.exec(script)?.[1];
      if (response.headers()['x-strata-store']) {
        // A stored page (one copy for every reader: an immutable page, the home page, a chain
        // overview and the network page for one tips snapshot, an address for what it shows): no
        // nonce, each inline script by hash.
        expect(nonce, path).toBeUndefined();
        const html = await response.text();
        const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
        expect(inline.length, path).toBeGreaterThan(0);
        for (const text of inline) expect(script, path).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
      } else if (response.status() === 200) {
        // A rendered page: its CSP has a fresh nonce and every inline script of Next carries it.
        expect(nonce, path).toBeTruthy();
        const html = await response.text();
        const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1] ?? '');
        expect(inline.length, path).toBeGreaterThan(0);
        for (const attributes of inline) {
          if (!attributes.includes(`nonce="${nonce}"`)) expect(attributes, `${path}: an inline script without the nonce must be allowed by hash`).toBe('');
        }
        nonces.add(nonce ?? '');
        rendered++;
      } else {
        // The proxy's status documents: scripts by hash only.
        expect(nonce, path).toBeUndefined();
        expect(script, path).toMatch(/'sha256-/);
      }
    }
    // Stored: the two block pages, the home page, the chain overview, the network page and the
    // address page (kept per what it shows); the proxy's two 404s.
    expect(rendered).toBeGreaterThanOrEqual(pages.length - 8);
    expect(nonces.size, 'a nonce is never reused').toBe(rendered);

    const https = await request.get('/network', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers()['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    const api = await request.get('/api/tips');
    expect(api.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('an unknown API path is a JSON 404 with the security headers and a CSP; a page 404 carries them too', async ({ request }) => {
    const answers = [
      ['GET /api/v1/nothing', await request.get('/api/v1/nothing')],
      ['GET /api/nothing/at/all', await request.get('/api/nothing/at/all')],
      ['POST /api/v1/nothing/here', await request.post('/api/v1/nothing/here', { headers: { 'content-type': 'application/json' }, data: '{}' })],
    ] as const;
    for (const [what, response] of answers) {
      expect(response.status(), what).toBe(404);
      const headers = response.headers();
      expect(headers['content-type'], what).toMatch(/^application\/json/);
      expect(((await response.json()) as { error: string }).error, what).toMatch(/^No API route at \/api\/.*nothing/);
      expect(headers['x-content-type-options'], what).toBe('nosniff');
      expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy'], what).toContain('camera=()');
      expect(headers['x-frame-options'], what).toBe('DENY');
      // A JSON answer's CSP: it loads and runs nothing, and nothing frames it.
      expect(headers['content-security-policy'], what).toContain("default-src 'none'");
      expect(headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
    }
    // A route that exists still answers as before, now with the API's CSP too.
    const tips = await request.get('/api/tips');
    expect(tips.headers()['content-security-policy']).toContain("default-src 'none'");
    // Next's own not-found page for a path no page matches.
    const page = await request.get('/nothing-here');
    expect(page.status()).toBe(404);
    expectHardened(page, '/nothing-here');
    expect(page.headers()['x-frame-options']).toBe('DENY');
  });

  test('a path with dot segments, plain or percent-encoded, is refused before any route: /api/metrics is not reached', async () => {
    const paths = ['/api/%2e/metrics', '/x/%2e%2e/api/metrics', '/api/health/%2e%2e/metrics', '/api/%2E/metrics', '/x/.%2e/api/metrics', '/x/../api/metrics', '/api/./metrics', '/chain/%2e%2e/api/metrics', '/api\\..\\metrics'];
    for (const path of paths) {
      const answer = await rawGet(path);
      expect(answer.body, path).not.toContain('# TYPE');
      if (path.startsWith('/api/')) {
        // The API's answer: 400 JSON saying why.
        expect(answer.status, path).toBe(400);
        expect(answer.contentType, path).toContain('application/json');
        expect((JSON.parse(answer.body) as { error: string }).error, path).toMatch(/holds the segment .+, which a URL parser reads as/);
      } else {
        // Any other path: the 404 page saying why.
        expect(answer.status, path).toBe(404);
        expect(answer.body, path).toContain('Nothing can be at this URL');
      }
    }
  });

  test('search and the node-heavy POST routes answer 429 with Retry-After once a client spends its budget', async ({ request, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 429/);
    const headers = { 'x-forwarded-for': client() };
    // The default budget: 30 requests per 30-second window. An empty search costs the node
    // nothing but counts. A window may end while we spend it, so count until refused.
    // The requests go in rounds sent at once, not one after another: one at a time, the count
    // grows by one for every second the requests take, and a loaded machine's slower renders
    // could carry it past 60 with nothing wrong in the limiter.
    let allowed = 0;
    let limited: APIResponse | undefined;
    while (!limited && allowed < 100) {
      const round = await Promise.all(Array.from({ length: 40 }, () => request.get('/search', { headers })));
      allowed += round.filter((r) => r.status() === 200).length;
      limited = round.find((r) => r.status() !== 200);
    }
    if (!limited) throw new Error(`no request was refused after ${allowed}`);
    expect(limited.status()).toBe(429);
    expect(allowed).toBeGreaterThanOrEqual(30);
    expect(allowed).toBeLessThan(60);
    expect(Number(limited.headers()['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await limited.text()).toContain('Too many searches at once');
    // The same budget, still spent in the window the first search began: a POST is refused too.
    let post = await request.post('/api/broadcast', { headers, data: { raw: '0x00' } });
    for (let i = 0; i < 3 && post.status() !== 429; i++) post = await request.post('/api/broadcast', { headers, data: { raw: '0x00' } });
    expect(post.status()).toBe(429);
    expect(post.headers()['retry-after']).toBeTruthy();
    expect(((await post.json()) as { error: string }).error).toMatch(/^Too many requests from your address/);
    // Another client is not affected.
    expect((await request.get('/search', { headers: { 'x-forwarded-for': client() } })).status()).toBe(200);
  });

  test('POST bodies over the limit are refused with 413, malformed ones with 400', async ({ request }) => {
    const headers = { 'x-forwarded-for': client(), 'content-type': 'application/json' };
    const big = await request.post('/api/broadcast', { headers, data: JSON.stringify({ raw: `0x${'00'.repeat(200_000)}` }) });
    expect(big.status()).toBe(413);
    const call = await request.post('/api/address/0x00000000000000000000000000000000000000aa/call', {
      headers,
      data: JSON.stringify({ data: `0x${'00'.repeat(100_000)}` }),
    });
    expect(call.status()).toBe(413);
    expect((await request.post('/api/broadcast', { headers, data: '{"raw":' })).status()).toBe(400);
    // JSON sent as text/plain (what a cross-site form can post without a preflight): 415.
    const plain = { ...headers, 'content-type': 'text/plain' };
    expect((await request.post('/api/broadcast', { headers: plain, data: '{"raw":"0x00"}' })).status()).toBe(415);
    expect((await request.post('/api/address/0x00000000000000000000000000000000000000aa/call', { headers: plain, data: '{"data":"0x"}' })).status()).toBe(415);
  });
});
