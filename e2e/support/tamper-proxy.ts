/**
 * Test-only: a JSON-RPC proxy that alters account proofs in transit.
 *
 * It forwards every request to one chain of a node and passes every answer back untouched,
 * except the results of `<namespace>_getProof`, in which it flips one byte of one `accountProof`
 * node. The explorer behind it must then show the proof as failed: that is how the e2e suite proves
 * the address page really verifies the proof against the block's stateRoot rather than trusting
 * the node. Single requests and JSON-RPC batches are both handled (the explorer's client batches).
 *
 * Never used outside tests.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TamperProxyOptions {
  /** The chain URL to forward to, e.g. http://127.0.0.1:8610. */
  readonly target: string;
  /** Method namespace (default quai). */
  readonly namespace?: string;
  /** Port to listen on; 0 (default) picks a free one. */
  readonly port?: number;
  /** Which proof node to alter: 'first' (the root node) or 'last' (the leaf). Default 'last'. */
  readonly node?: 'first' | 'last';
}

export interface TamperProxy {
  readonly url: string;
  /** How many getProof answers were altered so far. */
  readonly tamperedCount: () => number;
  stop(): Promise<void>;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Flips the low bit of the byte in the middle of a 0x hex string; stays valid hex of the same length. */
export function flipByte(hex: string): string {
  const bytes = (hex.length - 2) / 2;
  if (bytes < 1) return hex;
  const at = 2 + Math.floor(bytes / 2) * 2;
  const byte = parseInt(hex.slice(at, at + 2), 16) ^ 0x01;
  return hex.slice(0, at) + byte.toString(16).padStart(2, '0') + hex.slice(at + 2);
}

/** Alters one accountProof node of a getProof result in place; returns whether it did. */
export function tamperProofResult(result: unknown, node: 'first' | 'last' = 'last'): boolean {
  if (!isRecord(result) || !Array.isArray(result.accountProof) || result.accountProof.length === 0) return false;
  const proof = result.accountProof as unknown[];
  const index = node === 'first' ? 0 : proof.length - 1;
  const target = proof[index];
  if (typeof target !== 'string') return false;
  proof[index] = flipByte(target);
  return true;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startTamperProxy(options: TamperProxyOptions): Promise<TamperProxy> {
  const method = `${options.namespace ?? 'quai'}_getProof`;
  let tampered = 0;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      let upstream: Response;
      try {
        upstream = await fetch(options.target, {
          method: req.method ?? 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
          body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body.toString('utf8'),
        });
      } catch {
        res.writeHead(502).end();
        return;
      }
      const text = await upstream.text();
      let out = text;
      try {
        const request: unknown = JSON.parse(body.toString('utf8'));
        const response: unknown = JSON.parse(text);
        const requests = Array.isArray(request) ? request : [request];
        const responses = Array.isArray(response) ? response : [response];
        // Ids of the getProof calls in this request, matched to answers by id (batches may reorder).
        const proofIds = new Set(
          requests.filter((r) => isRecord(r) && r.method === method).map((r) => JSON.stringify((r as { id?: unknown }).id)),
        );
        let changed = false;
        for (const r of responses) {
          if (isRecord(r) && proofIds.has(JSON.stringify(r.id)) && tamperProofResult(r.result, options.node)) {
            changed = true;
            tampered++;
          }
        }
        if (changed) out = JSON.stringify(Array.isArray(response) ? responses : responses[0]);
      } catch {
        // Not JSON either way: pass it through as is.
      }
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
      res.end(out);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tamperedCount: () => tampered,
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
