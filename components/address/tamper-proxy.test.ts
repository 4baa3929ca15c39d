/**
 * The e2e suite's tamper proxy (e2e/support/tamper-proxy.ts) is tested here because Vitest only
 * collects tests under lib/, devnet/, components/ and app/. A proxy that silently failed to
 * tamper would make the "proof altered in transit shows failed" e2e test, and the tampering-node
 * spec (e2e/failures/answers.spec.ts), meaningless.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anyBlockForHash,
  flipByte,
  proofFromEarlierBlock,
  startTamperProxy,
  swapHeight,
  swapTransaction,
  wrongCount,
  type TamperProxy,
} from '@/e2e/support/tamper-proxy';

const proof = ['0xf90211aabbcc', '0xe21234', '0xf8518080a0ff'];
let upstream: Server;
let proxy: TamperProxy;

function answer(req: { id: unknown; method: unknown; params?: unknown }) {
  if (req.method === 'quai_getProof') return { jsonrpc: '2.0', id: req.id, result: { accountProof: [...proof], balance: '0x1' } };
  // Echoes the question, so the tests see what the node was really asked.
  if (req.method === 'quai_echo' || String(req.method).startsWith('quai_getBlock') || String(req.method).startsWith('quai_getTransaction')) {
    return { jsonrpc: '2.0', id: req.id, result: { asked: req.method, params: req.params } };
  }
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

const postTo = async (url: string, body: unknown): Promise<unknown> =>
  (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
const post = (body: unknown) => postTo(proxy.url, body);
const upstreamUrl = () => `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

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

describe('tamper proxy rules (a node that answers something else)', () => {
  const H = `0x${'ab'.repeat(32)}`;
  const T = `0x${'cd'.repeat(32)}`;
  const B = `0x${'ef'.repeat(32)}`;
  let rules: TamperProxy;
  beforeAll(async () => {
    rules = await startTamperProxy({
      target: upstreamUrl(),
      rules: [...swapHeight(349n, 350n), anyBlockForHash(T), ...wrongCount({ hash: H, number: 7n }, 342), ...swapTransaction(T, B), proofFromEarlierBlock('0x11', 2n)],
    });
  });
  afterAll(() => rules.stop());
  const call = async (method: string, params: unknown[]) =>
    ((await postTo(rules.url, { jsonrpc: '2.0', id: 1, method, params })) as { result: unknown }).result;

  it('asks the node for another height, and leaves other heights alone', async () => {
    expect(await call('quai_getBlockByNumber', ['0x15d', true])).toEqual({ asked: 'quai_getBlockByNumber', params: ['0x15e', true] });
    expect(await call('quai_getBlockByNumber', ['0x15c', true])).toEqual({ asked: 'quai_getBlockByNumber', params: ['0x15c', true] });
    expect(rules.tamperedBy('getBlockByNumber')).toBe(1);
  });

  it('answers a block by a transaction hash with the latest block (another method)', async () => {
    expect(await call('quai_getBlockByHash', [T, true])).toEqual({ asked: 'quai_getBlockByNumber', params: ['latest', true] });
  });

  it('alters counts of one block only, by hash or by number', async () => {
    expect(await call('quai_getBlockTransactionCountByHash', [H])).toBe('0x156');
    expect(await call('quai_getBlockTransactionCountByNumber', ['0x7'])).toBe('0x156');
    expect(await call('quai_getBlockTransactionCountByNumber', ['0x8'])).not.toBe('0x156');
  });

  it('swaps a transaction, its raw bytes and its receipt inside one batch, matched by id', async () => {
    const r = (await postTo(rules.url, [
      { jsonrpc: '2.0', id: 'a', method: 'quai_getTransactionByHash', params: [T] },
      { jsonrpc: '2.0', id: 'b', method: 'quai_getTransactionReceipt', params: [T] },
      { jsonrpc: '2.0', id: 'c', method: 'quai_getTransactionByHash', params: [H] },
    ])) as { id: string; result: { params: unknown[] } }[];
    const byId = new Map(r.map((x) => [x.id, x.result.params]));
    expect(byId.get('a')).toEqual([B]);
    expect(byId.get('b')).toEqual([B]);
    expect(byId.get('c')).toEqual([H]);
  });

  it('takes new rules while running', async () => {
    rules.setRules([]);
    expect(await call('quai_getBlockByNumber', ['0x15d', true])).toEqual({ asked: 'quai_getBlockByNumber', params: ['0x15d', true] });
    rules.setRules([...swapHeight(349n, 350n), anyBlockForHash(T), ...wrongCount({ hash: H, number: 7n }, 342), ...swapTransaction(T, B), proofFromEarlierBlock('0x11', 2n)]);
    expect(await call('quai_getBlockByNumber', ['0x15d', true])).toEqual({ asked: 'quai_getBlockByNumber', params: ['0x15e', true] });
  });

  it('moves a proof to an earlier block, for its address only', async () => {
    await call('quai_getProof', ['0x11', [], '0x20']);
    expect(rules.tamperedBy('getProof')).toBe(1);
    await call('quai_getProof', ['0x12', [], '0x20']);
    expect(rules.tamperedBy('getProof')).toBe(1);
  });
});
