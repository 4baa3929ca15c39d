/**
 * Test-only: a JSON-RPC proxy in front of one chain that answers some methods with a shape the
 * explorer's parser must reject (what a misbehaving or differently-versioned node might send).
 * Separate from tamper-proxy.ts (which alters proofs for the answer checks) so both can grow apart.
 *
 *   'transactions-as-hashes'  getBlockByHash/getBlockByNumber asked with full=true answer
 *                             transaction hashes where transaction objects were asked for
 *   'bad-parent-hash'         every block or header answer carries parentHash "0x12" (not the
 *                             [prime, region, zone] array of hashes the spec promises)
 *
 * Single requests and JSON-RPC batches are both handled; every other answer passes untouched.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ShapeFault = 'transactions-as-hashes' | 'bad-parent-hash';

export interface ShapeProxy {
  readonly url: string;
  /** How many answers were reshaped so far. */
  readonly reshapedCount: () => number;
  stop(): Promise<void>;
}

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const BLOCK_METHODS = /_(getBlockByHash|getBlockByNumber)$/;
const HEADER_METHODS = /_(getBlockByHash|getBlockByNumber|getHeaderByHash|getHeaderByNumber)$/;

/** Reshapes one answer in place for `fault`; returns whether it did. */
export function reshape(fault: ShapeFault, request: Json, result: unknown): boolean {
  const method = typeof request.method === 'string' ? request.method : '';
  if (!isRecord(result)) return false;
  if (fault === 'transactions-as-hashes') {
    const params = Array.isArray(request.params) ? request.params : [];
    if (!BLOCK_METHODS.test(method) || params[1] !== true || !Array.isArray(result.transactions)) return false;
    if (result.transactions.length === 0) return false;
    result.transactions = result.transactions.map((tx: unknown) => (isRecord(tx) ? tx.hash : tx));
    return true;
  }
  if (!HEADER_METHODS.test(method) || !('parentHash' in result)) return false;
  result.parentHash = '0x12';
  return true;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startShapeProxy(options: { readonly target: string; readonly fault: ShapeFault }): Promise<ShapeProxy> {
  let reshaped = 0;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const upstream = await fetch(options.target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      let out = await upstream.text();
      try {
        const request: unknown = JSON.parse(body);
        const response: unknown = JSON.parse(out);
        const requests = (Array.isArray(request) ? request : [request]).filter(isRecord);
        const responses = (Array.isArray(response) ? response : [response]).filter(isRecord);
        let changed = false;
        for (const answer of responses) {
          const asked = requests.find((r) => JSON.stringify(r.id) === JSON.stringify(answer.id));
          if (asked && reshape(options.fault, asked, answer.result)) {
            changed = true;
            reshaped++;
          }
        }
        if (changed) out = JSON.stringify(response);
      } catch {
        // Not JSON: pass it through.
      }
      res.writeHead(upstream.status, { 'content-type': 'application/json' });
      res.end(out);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    reshapedCount: () => reshaped,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
