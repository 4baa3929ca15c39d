import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { createTransport } from './transport';
import {
  HttpStatusError,
  InvalidResponseError,
  JsonRpcError,
  MethodNotFoundError,
  NodeUnreachableError,
  RpcTimeoutError,
} from './errors';
import { jsonRpcHandler, startTestServer, type TestServer } from './test-server';
import { quantity } from './parse/fields';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(() => undefined);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  // Default: echo the method name and params back as the result.
  server.handler = jsonRpcHandler((call) => ({ result: { method: call.method, params: call.params } }));
});

const transport = (extra: Partial<Parameters<typeof createTransport>[0]> = {}) =>
  createTransport({ chain: 'cyprus1', url: server.url, timeoutMs: 2_000, ...extra });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

describe('transport: batching', () => {
  it('behavior: 10 concurrent calls make exactly one HTTP request (a JSON-RPC batch array)', async () => {
    const t = transport();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => t.request('quai_getBalance', [`0x${i}`])));
    expect(server.requests).toHaveLength(1);
    const body = server.requests[0]?.body;
    expect(Array.isArray(body) && body.length).toBe(10);
    // Each call got its own answer back, matched by id.
    expect(results.map((r) => (r as { params: unknown[] }).params[0])).toEqual(Array.from({ length: 10 }, (_, i) => `0x${i}`));
  });

  it('behavior: a single call is sent as a plain object with jsonrpc 2.0, a numeric id and application/json', async () => {
    await transport().request('quai_blockNumber', []);
    expect(server.requests).toHaveLength(1);
    const { body, headers } = server.requests[0] ?? {};
    expect(Array.isArray(body)).toBe(false);
    expect(body).toMatchObject({ jsonrpc: '2.0', method: 'quai_blockNumber', params: [] });
    expect(typeof (body as { id: unknown }).id).toBe('number');
    expect(headers?.['content-type']).toBe('application/json');
  });

  it('behavior: an explicit batch is one request with one settled result per call, in order', async () => {
    server.handler = jsonRpcHandler((call) =>
      call.method === 'bad' ? { error: { code: -32000, message: 'boom' } } : { result: call.method },
    );
    const results = await transport().requestBatch([
      { method: 'a', params: [] },
      { method: 'bad', params: [] },
      { method: 'c', params: [] },
    ]);
    expect(server.requests).toHaveLength(1);
    expect(results[0]).toEqual({ status: 'fulfilled', value: 'a' });
    expect(results[1]?.status === 'rejected' && results[1].reason).toBeInstanceOf(JsonRpcError);
    expect(results[2]).toEqual({ status: 'fulfilled', value: 'c' });
  });

  it('behavior: batch responses out of order and with ids echoed as strings are matched', async () => {
    server.handler = (body, res) => {
      const calls = body as { id: number; method: string }[];
      const answers = calls.map((c) => ({ jsonrpc: '2.0', id: String(c.id), result: c.method })).reverse();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answers));
    };
    const t = transport();
    expect(await Promise.all([t.request('x', []), t.request('y', []), t.request('z', [])])).toEqual(['x', 'y', 'z']);
  });

  it('behavior: a single response whose id is echoed as a string is accepted', async () => {
    server.handler = (body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: String((body as { id: number }).id), result: '0x1' }));
    };
    expect(await transport().request('quai_chainId', [])).toBe('0x1');
  });

  it('behavior: maxSize splits a large burst into several requests', async () => {
    const t = transport({ batch: { maxSize: 4 } });
    await Promise.all(Array.from({ length: 10 }, () => t.request('m', [])));
    expect(server.requests).toHaveLength(3);
  });

  it('behavior: batch false sends one request per call', async () => {
    const t = transport({ batch: false });
    await Promise.all([t.request('m', []), t.request('m', [])]);
    expect(server.requests).toHaveLength(2);
  });

  it('behavior: a trace goes alone, the reads made in the same tick still share one request', async () => {
    const t = transport();
    await Promise.all([t.request('quai_getBlockByHash', ['0x1', false]), t.request('debug_traceTransaction', ['0x2', { tracer: 'callTracer' }]), t.request('quai_blockNumber', [])]);
    expect(server.requests).toHaveLength(2);
    const bodies = server.requests.map((r) => r.body);
    expect(bodies).toContainEqual(expect.objectContaining({ method: 'debug_traceTransaction' }));
    const batch = bodies.find(Array.isArray) as { method: string }[] | undefined;
    expect(batch?.map((b) => b.method)).toEqual(['quai_getBlockByHash', 'quai_blockNumber']);
  });

  it('behavior: a batch entry with an unknown id rejects that call only', async () => {
    server.handler = (body, res) => {
      const calls = body as { id: number; method: string }[];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(calls.map((c, i) => ({ jsonrpc: '2.0', id: i === 0 ? 999_999_999 : c.id, result: c.method }))));
    };
    const t = transport();
    const [first, second] = await Promise.allSettled([t.request('a', []), t.request('b', [])]);
    expect(first.status === 'rejected' && first.reason).toBeInstanceOf(InvalidResponseError);
    expect(second).toEqual({ status: 'fulfilled', value: 'b' });
  });

  it('behavior: a batch response with too few entries rejects every call as InvalidResponseError', async () => {
    server.handler = (body, res) => {
      const calls = body as { id: number; method: string }[];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(calls.slice(1).map((c) => ({ jsonrpc: '2.0', id: c.id, result: c.method }))));
    };
    const t = transport();
    const settled = await Promise.allSettled([t.request('a', []), t.request('b', [])]);
    for (const s of settled) expect(s.status === 'rejected' && s.reason).toBeInstanceOf(InvalidResponseError);
  });
});

describe('transport: errors', () => {
  it('a slow server becomes RpcTimeoutError', async () => {
    server.handler = (_body, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"jsonrpc":"2.0","id":1,"result":"0x1"}');
      }, 1_000);
    };
    const started = Date.now();
    const error = await rejection(transport({ timeoutMs: 200 }).request('quai_blockNumber', []));
    expect(error).toBeInstanceOf(RpcTimeoutError);
    expect((error as RpcTimeoutError).timeoutMs).toBe(200);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('HTTP 500 with a text body becomes HttpStatusError with the status', async () => {
    server.handler = (_body, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('internal error');
    };
    const error = await rejection(transport().request('quai_blockNumber', []));
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(500);
    expect((error as HttpStatusError).details).toContain('internal error');
  });

  it('HTTP 415 (form content type refused, geth style) becomes HttpStatusError', async () => {
    server.handler = (_body, res) => {
      res.writeHead(415, { 'content-type': 'text/plain' });
      res.end('invalid content type, only application/json is supported');
    };
    expect(((await rejection(transport().request('m', []))) as HttpStatusError).status).toBe(415);
  });

  it('malformed JSON becomes InvalidResponseError', async () => {
    server.handler = (_body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"jsonrpc":"2.0","id":1,"result":');
    };
    const error = await rejection(transport().request('m', []));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).shortMessage).toMatch(/not valid JSON/);
  });

  it('a text/html answer becomes InvalidResponseError naming the content type', async () => {
    server.handler = (_body, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Welcome to nginx</body></html>');
    };
    const error = await rejection(transport().request('m', []));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).shortMessage).toMatch(/text\/html/);
  });

  it('an envelope without result or error becomes InvalidResponseError', async () => {
    server.handler = jsonRpcHandler(() => ({}));
    expect(await rejection(transport().request('m', []))).toBeInstanceOf(InvalidResponseError);
  });

  it('a JSON-RPC error becomes JsonRpcError with code, message and data', async () => {
    server.handler = jsonRpcHandler(() => ({ error: { code: -32000, message: 'address is not in scope', data: { zone: 'paxos1' } } }));
    const error = await rejection(transport().request('quai_getBalance', []));
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).not.toBeInstanceOf(MethodNotFoundError);
    const e = error as JsonRpcError;
    expect([e.code, e.rpcMessage, e.data, e.method, e.chain]).toEqual([
      -32000,
      'address is not in scope',
      { zone: 'paxos1' },
      'quai_getBalance',
      'cyprus1',
    ]);
  });

  it('-32601 becomes MethodNotFoundError', async () => {
    server.handler = jsonRpcHandler(() => ({ error: { code: -32601, message: 'the method txpool_content does not exist/is not available' } }));
    const error = await rejection(transport().request('txpool_content', []));
    expect(error).toBeInstanceOf(MethodNotFoundError);
    expect((error as MethodNotFoundError).code).toBe(-32601);
  });

  it('a "method … is not available" message with another code is MethodNotFoundError too', async () => {
    server.handler = jsonRpcHandler(() => ({ error: { code: -32000, message: 'method debug_printBlock is not available' } }));
    expect(await rejection(transport().request('debug_printBlock', [1]))).toBeInstanceOf(MethodNotFoundError);
  });

  it('a JSON-RPC error body with HTTP 400 is still a JsonRpcError (with the status)', async () => {
    server.handler = (_b, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid request' } }));
    };
    const error = await rejection(transport().request('m', []));
    expect(error).toBeInstanceOf(JsonRpcError);
    expect([(error as JsonRpcError).code, (error as JsonRpcError).status]).toEqual([-32600, 400]);
  });

  it('a closed port becomes NodeUnreachableError', async () => {
    const port = await freePort();
    const error = await rejection(
      createTransport({ chain: 'paxos2', url: `http://127.0.0.1:${port}`, timeoutMs: 2_000 }).request('m', []),
    );
    expect(error).toBeInstanceOf(NodeUnreachableError);
    expect((error as NodeUnreachableError).details).toMatch(/ECONNREFUSED/);
    expect((error as NodeUnreachableError).chain).toBe('paxos2');
  });

  it('a connection dropped without an answer becomes NodeUnreachableError', async () => {
    server.handler = (_b, res) => {
      res.socket?.destroy();
    };
    expect(await rejection(transport().request('m', []))).toBeInstanceOf(NodeUnreachableError);
  });

  it('a parse failure becomes InvalidResponseError naming the field', async () => {
    server.handler = jsonRpcHandler(() => ({ result: '0x012' }));
    const error = await rejection(transport().request('quai_blockNumber', [], (r) => quantity(r, 'blockNumber')));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).field).toBe('blockNumber');
    expect((error as InvalidResponseError).message).toContain('blockNumber: expected a hex quantity');
  });
});

describe('transport: credentials never leak', () => {
  const user = 'alice-user';
  const secret = 's3cr3t-P4ss';
  const apiKey = 'KEY0123456789abc';
  const withCreds = (port: number) => `http://${user}:${secret}@127.0.0.1:${port}/rpc?apikey=${apiKey}`;

  function allText(error: unknown): string {
    const parts: string[] = [String(error)];
    let e: unknown = error;
    for (let depth = 0; e instanceof Error && depth < 10; depth++) {
      parts.push(e.message, e.stack ?? '', String(e), JSON.stringify(Object.entries(e)));
      e = e.cause;
    }
    return parts.join('\n');
  }

  function expectClean(error: unknown) {
    const text = allText(error);
    for (const s of [secret, user, apiKey]) expect(text).not.toContain(s);
    expect(text).toContain('127.0.0.1');
  }

  it('sends credentials as basic auth, and no error text contains them', async () => {
    const url = withCreds(server.port);
    server.handler = jsonRpcHandler(() => ({ error: { code: -32000, message: 'nope' } }));
    expectClean(await rejection(createTransport({ chain: 'prime', url, timeoutMs: 1_000 }).request('m', [])));
    const auth = server.requests[0]?.headers.authorization ?? '';
    expect(Buffer.from(auth.replace(/^Basic /, ''), 'base64').toString()).toBe(`${user}:${secret}`);

    server.handler = (_b, res) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    };
    expectClean(await rejection(createTransport({ chain: 'prime', url, timeoutMs: 1_000 }).request('m', [])));

    server.handler = (_b, res) => {
      setTimeout(() => res.end(), 500);
    };
    const timeout = await rejection(createTransport({ chain: 'prime', url, timeoutMs: 100 }).request('m', []));
    expect(timeout).toBeInstanceOf(RpcTimeoutError);
    expectClean(timeout);

    server.handler = (_b, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html/>');
    };
    expectClean(await rejection(createTransport({ chain: 'prime', url, timeoutMs: 1_000 }).request('m', [])));
  });

  it('an unreachable URL with credentials: no error text contains them', async () => {
    const port = await freePort();
    const error = await rejection(createTransport({ chain: 'prime', url: withCreds(port), timeoutMs: 1_000 }).request('m', []));
    expect(error).toBeInstanceOf(NodeUnreachableError);
    expectClean(error);
    expect((error as NodeUnreachableError).url).toBe(`http://127.0.0.1:${port}/rpc?…`);
  });
});

/** A port with nothing listening: bind, read, release. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const address = s.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
