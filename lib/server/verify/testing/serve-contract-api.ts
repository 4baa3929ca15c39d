/**
 * The explorer's `/api?module=contract` handler behind a plain HTTP server on a free port, for
 * tests (the route calls the same function). The client header passes through as the client sent
 * it: a test names its clients with it, as lib/server/process/client-address.ts does in the server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contractApi } from '../contract-api';
import type { VerifyContext } from '../verify-context';

export async function serveContractApi(context: VerifyContext, chainId: bigint): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const request = new Request(`http://127.0.0.1${req.url ?? '/'}`, {
        method: req.method, headers: req.headers as Record<string, string>, body: req.method === 'POST' ? body : undefined,
      });
      void contractApi(request, { context, chainId: async () => chainId }).then(({ status, body: json, headers }) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(json));
      });
    });
  });
  // Above any pause between a test's requests on a loaded machine: a kept-alive socket the server
  // closes (5 s by default) just as the client reuses it fails that POST ("other side closed").
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, server };
}
