/**
 * The e2e suite's tamper proxy (e2e/support/tamper-proxy.ts) is tested here because Vitest only
 * collects tests under lib/, devnet/, components/ and app/. A proxy that silently failed to
 * tamper would make the "proof altered in transit shows failed" e2e test meaningless.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flipByte, startTamperProxy, type TamperProxy } from '@/e2e/support/tamper-proxy';

const proof = ['0xf90211aabbcc', '0xe21234', '0xf8518080a0ff'];
let upstream: Server;
let proxy: TamperProxy;

function answer(req: { id: unknown; method: unknown }) {
  if (req.method === 'quai_getProof') return { jsonrpc: '2.0', id: req.id, result: { accountProof: [...proof], balance: '0x1' } };
  return { jsonrpc: '2.0', id: req.id, result: '0x10' };
}

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { id: unknown; method: unknown } | { id: unknown; method: unknown }[];
      const out = Array.isArray(parsed) ? parsed.map(answer).reverse() : answer(parsed);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out));
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  proxy = await startTamperProxy({ target: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });
});
afterAll(async () => {
  await proxy.stop();
  await new Promise<void>((r) => upstream.close(() => r()));
});

const post = async (body: unknown): Promise<unknown> =>
  (await fetch(proxy.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();

describe('tamper proxy', () => {
  it('flips exactly one byte, keeping the hex valid and the same length', () => {
    const out = flipByte('0xaabbcc');
    expect(out).toBe('0xaabacc');
    expect(out).toHaveLength(8);
  });

  it('alters the last accountProof node of a single getProof answer', async () => {
    const r = (await post({ jsonrpc: '2.0', id: 1, method: 'quai_getProof', params: [] })) as { result: { accountProof: string[]; balance: string } };
    expect(r.result.accountProof.slice(0, 2)).toEqual(proof.slice(0, 2));
    expect(r.result.accountProof[2]).not.toBe(proof[2]);
    expect(r.result.accountProof[2]).toHaveLength(proof[2]!.length);
    expect(r.result.balance).toBe('0x1');
    expect(proxy.tamperedCount()).toBe(1);
  });

  it('matches answers to requests by id inside a reordered batch and leaves other calls alone', async () => {
    const r = (await post([
      { jsonrpc: '2.0', id: 7, method: 'quai_getBalance', params: [] },
      { jsonrpc: '2.0', id: 8, method: 'quai_getProof', params: [] },
    ])) as { id: number; result: unknown }[];
    const byId = new Map(r.map((x) => [x.id, x.result]));
    expect(byId.get(7)).toBe('0x10');
    expect((byId.get(8) as { accountProof: string[] }).accountProof[2]).not.toBe(proof[2]);
    expect(proxy.tamperedCount()).toBe(2);
  });
});
