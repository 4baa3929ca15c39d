/**
 * Test-only: an explorer that lies. An HTTP proxy in front of a real explorer that passes every
 * request through, except that the evidence bundles it answers (`/api/v1/evidence/…`) are altered
 * by the test's function first. A page served through it is the explorer's own page; only the
 * bundle its "Check in this browser" fetches is not what the explorer made, which the verifier
 * in the browser must catch. Never used outside tests.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type BundleTamper = (bundle: Record<string, unknown>) => void;

export interface BundleTamperProxy {
  readonly url: string;
  /** Bundles altered so far. */
  readonly tampered: () => number;
  stop(): Promise<void>;
}

const EVIDENCE = /^\/api\/v1\/evidence\//;

export async function startBundleTamperProxy(target: string, tamper: BundleTamper): Promise<BundleTamperProxy> {
  const upstream = new URL(target);
  let count = 0;
  const server: Server = createServer((req, res) => {
    const evidence = EVIDENCE.test(req.url ?? '');
    const headers: IncomingHttpHeaders = { ...req.headers, host: upstream.host };
    // The bundle is read and rewritten here: ask for it uncompressed.
    if (evidence) headers['accept-encoding'] = 'identity';
    const forward = httpRequest({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (up) => {
      if (!evidence || up.statusCode !== 200) {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      up.on('data', (c: Buffer) => chunks.push(c));
      up.on('end', () => {
        const bundle = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        tamper(bundle);
        count++;
        const body = JSON.stringify(bundle);
        const { 'transfer-encoding': _chunked, 'content-length': _length, ...kept } = up.headers;
        res.writeHead(200, { ...kept, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
        res.end(body);
      });
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tampered: () => count,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
