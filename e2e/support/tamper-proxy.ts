/**
 * Test-only: a node that errs. A JSON-RPC proxy in front of one chain of a real node (the devnet)
 * that, by rules the test sets, asks the node another question than the explorer asked (a swapped
 * height, hash, raw transaction, receipt, or proof block) or alters the answer in transit (a
 * count, a byte of a proof, extraData). The answers stay real go-quai-shaped answers: only they do
 * not fit the question, as with a buggy, misconfigured or lying endpoint. The explorer behind it
 * must then say what is wrong: that is how the e2e suite proves the pages check every answer
 * against the question instead of trusting the node.
 *
 * Single requests and JSON-RPC batches are both handled (the explorer's client batches); answers
 * are matched to requests by id. Without rules it flips one byte of one `accountProof` node of
 * every getProof answer (the original use: a proof altered in transit).
 *
 * Never used outside tests.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One tampering rule for one method (named without its namespace, e.g. 'getBlockByNumber'). */
export interface TamperRule {
  readonly method: string;
  /** Ask the node something else: another method and/or params. undefined leaves the request alone. */
  readonly ask?: (params: readonly unknown[]) => { readonly method?: string; readonly params: readonly unknown[] } | undefined;
  /** Alter the answer (`params` are the explorer's own). undefined leaves it alone. */
  readonly answer?: (result: unknown, params: readonly unknown[]) => { readonly result: unknown } | undefined;
}

export interface TamperProxyOptions {
  /** The chain URL to forward to, e.g. http://127.0.0.1:8610. */
  readonly target: string;
  /** Method namespace (default quai). */
  readonly namespace?: string;
  /** Port to listen on; 0 (default) picks a free one. */
  readonly port?: number;
  /** Without rules: which proof node to alter, 'first' (the root node) or 'last' (the leaf). Default 'last'. */
  readonly node?: 'first' | 'last';
  /** What to tamper with; default: flip a byte of every getProof answer (flipProof). */
  readonly rules?: readonly TamperRule[];
}

export interface TamperProxy {
  readonly url: string;
  /** How many requests or answers were tampered with so far. */
  readonly tamperedCount: () => number;
  /** How many times each rule's method was tampered with. */
  readonly tamperedBy: (method: string) => number;
  /** Replaces the rules (a test may start the proxy and its explorer before it knows what to swap). */
  setRules(rules: readonly TamperRule[]): void;
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

const same = (a: unknown, b: string): boolean => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();
const quantity = (n: bigint): string => `0x${n.toString(16)}`;
/** A block-number param as a bigint, or undefined for tags ("latest") and malformed values. */
const asNumber = (v: unknown): bigint | undefined => (typeof v === 'string' && /^0x[0-9a-f]+$/i.test(v) ? BigInt(v) : undefined);

// ---- The rules the e2e suite uses: each is one way a node can answer something else. ----

/** A proof altered in transit: one byte of one accountProof node flipped. */
export function flipProof(node: 'first' | 'last' = 'last'): TamperRule {
  return { method: 'getProof', answer: (result) => (tamperProofResult(result, node) ? { result } : undefined) };
}

/** Height `asked` answered with the block at `answered` (block and its count alike: an off-by-one node). */
export function swapHeight(asked: bigint, answered: bigint): TamperRule[] {
  const ask = (params: readonly unknown[]) => (asNumber(params[0]) === asked ? { params: [quantity(answered), ...params.slice(1)] } : undefined);
  return [
    { method: 'getBlockByNumber', ask },
    { method: 'getBlockTransactionCountByNumber', ask },
  ];
}

/** A block asked for by `hash` (e.g. a transaction's hash) answered with the latest block. */
export function anyBlockForHash(hash: string): TamperRule {
  return {
    method: 'getBlockByHash',
    ask: (params) => (same(params[0], hash) ? { method: 'getBlockByNumber', params: ['latest', params[1] ?? false] } : undefined),
  };
}

/** The transaction count of the block `hash` / `number` answered as `count`, whatever its body holds. */
export function wrongCount(block: { readonly hash: string; readonly number: bigint }, count: number): TamperRule[] {
  const answer = () => ({ result: quantity(BigInt(count)) });
  return [
    { method: 'getBlockTransactionCountByHash', answer: (_r, params) => (same(params[0], block.hash) ? answer() : undefined) },
    { method: 'getBlockTransactionCountByNumber', answer: (_r, params) => (asNumber(params[0]) === block.number ? answer() : undefined) },
  ];
}

/** The extraData of the block `hash` replaced in its header answers (the seal then cannot be recomputed). */
export function replaceExtraData(hash: string, extraData: string): TamperRule[] {
  const answer = (result: unknown) => (isRecord(result) && same(result.hash, hash) ? { result: { ...result, extraData } } : undefined);
  return ['getBlockByHash', 'getBlockByNumber', 'getHeaderByHash', 'getHeaderByNumber'].map((method) => ({ method, answer }));
}

/** Transaction `asked` answered with transaction `answered`: its object, raw bytes and receipt. */
export function swapTransaction(asked: string, answered: string): TamperRule[] {
  const ask = (params: readonly unknown[]) => (same(params[0], asked) ? { params: [answered, ...params.slice(1)] } : undefined);
  return ['getTransactionByHash', 'getRawTransactionByHash', 'getTransactionReceipt'].map((method) => ({ method, ask }));
}

/** Only the raw bytes of transaction `asked` served from transaction `answered`. */
export function swapRaw(asked: string, answered: string): TamperRule {
  return { method: 'getRawTransactionByHash', ask: (params) => (same(params[0], asked) ? { params: [answered] } : undefined) };
}

/** Only the receipt of transaction `asked` served from transaction `answered`. */
export function swapReceipt(asked: string, answered: string): TamperRule {
  return { method: 'getTransactionReceipt', ask: (params) => (same(params[0], asked) ? { params: [answered] } : undefined) };
}

/** Proofs for `address` made at `blocksBack` blocks before the block asked: a real proof of another state root. */
export function proofFromEarlierBlock(address: string, blocksBack: bigint): TamperRule {
  return {
    method: 'getProof',
    ask: (params) => {
      const at = asNumber(params[2]);
      return same(params[0], address) && at !== undefined && at >= blocksBack ? { params: [params[0], params[1], quantity(at - blocksBack)] } : undefined;
    },
  };
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
  const namespace = options.namespace ?? 'quai';
  let byMethod = new Map<string, TamperRule[]>();
  const setRules = (rules: readonly TamperRule[]) => {
    const next = new Map<string, TamperRule[]>();
    for (const rule of rules) next.set(`${namespace}_${rule.method}`, [...(next.get(`${namespace}_${rule.method}`) ?? []), rule]);
    byMethod = next;
  };
  setRules(options.rules ?? [flipProof(options.node)]);
  const counts = new Map<string, number>();
  const count = (method: string) => counts.set(method, (counts.get(method) ?? 0) + 1);

  /** Rewrites one request per its rules; returns the request to send and the rules that may alter its answer. */
  function rewrite(request: unknown): { send: unknown; original: readonly unknown[]; rules: readonly TamperRule[] } {
    if (!isRecord(request) || typeof request.method !== 'string') return { send: request, original: [], rules: [] };
    const original = Array.isArray(request.params) ? (request.params as unknown[]) : [];
    const matching = byMethod.get(request.method) ?? [];
    for (const rule of matching) {
      const asked = rule.ask?.(original);
      if (asked) {
        count(rule.method);
        return { send: { ...request, method: asked.method ? `${namespace}_${asked.method}` : request.method, params: asked.params }, original, rules: matching };
      }
    }
    return { send: request, original, rules: matching };
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = (await readBody(req)).toString('utf8');
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        parsed = undefined;
      }
      const batch = Array.isArray(parsed);
      const rewritten = parsed === undefined ? [] : (batch ? (parsed as unknown[]) : [parsed]).map(rewrite);
      const outgoing = parsed === undefined ? body : JSON.stringify(batch ? rewritten.map((r) => r.send) : rewritten[0]?.send);
      let upstream: Response;
      try {
        upstream = await fetch(options.target, {
          method: req.method ?? 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
          body: req.method === 'GET' || req.method === 'HEAD' ? undefined : outgoing,
        });
      } catch {
        res.writeHead(502).end();
        return;
      }
      const text = await upstream.text();
      let out = text;
      try {
        const response: unknown = JSON.parse(text);
        const responses = Array.isArray(response) ? response : [response];
        // Matched to requests by id: batches may come back reordered.
        const byId = new Map(rewritten.map((r) => [JSON.stringify(isRecord(r.send) ? r.send.id : undefined), r]));
        let changed = false;
        const altered = responses.map((r) => {
          if (!isRecord(r) || !('result' in r)) return r;
          const request = byId.get(JSON.stringify(r.id));
          for (const rule of request?.rules ?? []) {
            const next = rule.answer?.(r.result, request?.original ?? []);
            if (next) {
              count(rule.method);
              changed = true;
              return { ...r, result: next.result };
            }
          }
          return r;
        });
        if (changed) out = JSON.stringify(Array.isArray(response) ? altered : altered[0]);
      } catch {
        // Not JSON: pass it through as is.
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
    tamperedCount: () => [...counts.values()].reduce((a, b) => a + b, 0),
    tamperedBy: (method) => counts.get(method) ?? 0,
    setRules,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
