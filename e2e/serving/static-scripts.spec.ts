/**
 * The build's scripts in brotli (lib/server/request-path/static-assets.ts, the copies written by
 * `npm run build`): a reader that accepts brotli gets each chunk in brotli, byte for byte the file
 * Next serves, with Next's caching and the security headers; one that does not gets Next's gzip.
 * Each script a page runs as it loads starts with V8's compile hint (scripts/compile-hints.mjs).
 */
import { brotliDecompressSync } from 'node:zlib';
import { get } from 'node:http';
import { expect, test } from '../fixtures';
import { BASE_URL } from '../support/env';

/** One GET with these headers, the body as sent (not decompressed). */
function raw(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${BASE_URL}${path}`, { headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (d: Buffer) => parts.push(d));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

test('a chunk comes in brotli to a reader that accepts it, the same bytes as Next serves, cached as Next caches it', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="(\/_next\/static\/chunks\/[^"?]+\.js)"/g)].map((m) => m[1] ?? '');
  expect(scripts.length).toBeGreaterThan(3);
  const path = scripts[0] ?? '';
  const plain = await raw(path, { 'accept-encoding': 'identity' });
  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();

  // The copies are read into memory as the server starts: until then Next answers.
  await expect.poll(async () => (await raw(path, { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding'], { timeout: 20_000 }).toBe('br');
  const br = await raw(path, { 'accept-encoding': 'gzip, deflate, br' });
  expect(br.status).toBe(200);
  expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  expect(br.body.length).toBeLessThan(plain.body.length);
  expect(br.headers['content-type']).toMatch(/^application\/javascript/);
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(br.headers.vary).toMatch(/Accept-Encoding/i);
  expect(br.headers['x-content-type-options']).toBe('nosniff');
  expect(br.headers['x-request-id']).toBeTruthy();
  const etag = String(br.headers.etag);
  const again = await raw(path, { 'accept-encoding': 'br', 'if-none-match': etag });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);

  // A reader without brotli gets Next's gzip, as before.
  const gzip = await raw(path, { 'accept-encoding': 'gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
});

test('every script a page runs at load carries the compile hint, so Chrome compiles it off the main thread', async ({ request }) => {
  for (const path of ['/', '/network', '/nothing-here']) {
    const html = await (await request.get(path)).text();
    // Module scripts only: the polyfills (noModule) never run in a browser that reads the hint.
    const scripts = [...html.matchAll(/<script(?![^>]*noModule)[^>]*\ssrc="(\/_next\/static\/chunks\/[^"?]+\.js)"/gi)].map((m) => m[1] ?? '');
    expect(scripts.length, path).toBeGreaterThan(3);
    for (const script of scripts) {
      const body = (await raw(script, { 'accept-encoding': 'identity' })).body.toString('utf8');
      expect(body.startsWith('//# allFunctionsCalledOnLoad\n'), `${path}: ${script}`).toBe(true);
    }
  }
});

test('a chunk that does not exist is still Next\'s 404, with or without brotli', async () => {
  for (const encoding of ['br', 'identity']) {
    const missing = await raw('/_next/static/chunks/not-a-chunk-0000.js', { 'accept-encoding': encoding });
    expect(missing.status).toBe(404);
  }
});
