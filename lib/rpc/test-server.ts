/**
 * A tiny JSON-RPC server on node:http for the transport tests (test-only). It records every
 * HTTP request (headers and parsed body) and answers through a handler the test sets, so a
 * test can count requests, check batching, and misbehave on purpose.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
}

export type Handler = (body: unknown, res: ServerResponse) => void | Promise<void>;

export interface TestServer {
  readonly url: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  handler: Handler;
  close(): Promise<void>;
}

/** Answers each call of a request (object or batch) with `answer(call)` as JSON. */
export function jsonRpcHandler(answer: (call: { id: unknown; method: string; params: unknown[] }) => unknown): Handler {
  return (body, res) => {
    const one = (call: unknown) => {
      const c = call as { id: unknown; method: string; params: unknown[] };
      return { jsonrpc: '2.0', id: c.id, ...(answer(c) as object) };
    };
    const payload = Array.isArray(body) ? body.map(one) : one(body);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  };
}

export async function startTestServer(handler: Handler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const state = { handler };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      requests.push({ headers: req.headers, body });
      void Promise.resolve(state.handler(body, res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    get handler() {
      return state.handler;
    },
    set handler(h: Handler) {
      state.handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
