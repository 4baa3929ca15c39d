/**
 * For tests: the Etherscan bases (`/api` and `/chain/<zone>/api`) over a plain HTTP server, each
 * request answered by answerEtherscan with the test's context, as app/api/route.ts and
 * app/chain/[chain]/api/route.ts answer it with the process's. Real HTTP, so a real client
 * (quais' EtherscanProvider, hardhat-verify) talks to it as it would to the explorer.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EtherscanContext } from '../action';
import { answerEtherscan } from '../dispatch';

export interface ServedEtherscan {
  /** http://127.0.0.1:<port> (append /api or /chain/<zone>/api). */
  readonly origin: string;
  close(): Promise<void>;
}

const BASE = /^\/(?:chain\/([^/]+)\/)?api$/;

export async function serveEtherscan(ctx: EtherscanContext): Promise<ServedEtherscan> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const base = BASE.exec(url.pathname);
      if (!base) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not an Etherscan base"}');
        return;
      }
      const request = new Request(url, {
        method: req.method, headers: req.headers as Record<string, string>, body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
      });
      void answerEtherscan(request, ctx, base[1] === undefined ? undefined : decodeURIComponent(base[1])).then(({ status, body, headers }) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
      });
    });
  });
  // Above any pause between a test's requests on a loaded machine: a kept-alive socket the server
  // closes (5 s by default) just as the client reuses it fails that POST ("other side closed").
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
