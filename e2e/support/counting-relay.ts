/**
 * Test-only: a relay in front of one chain's node that forwards every request untouched and
 * counts them, so a test can say how many requests the node saw.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingRelay {
  readonly url: string;
  /** HTTP requests forwarded so far. */
  readonly count: () => number;
  stop(): Promise<void>;
}

export async function startCountingRelay(target: string): Promise<CountingRelay> {
  let count = 0;
  const server: Server = createServer((req, res) => {
    count++;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
        .then(async (upstream) => {
          res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await upstream.arrayBuffer()));
        })
        .catch(() => {
          if (!res.headersSent) res.writeHead(502);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => count,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
