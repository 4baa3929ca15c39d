/**
 * An evidence source (./build-bundle.ts) over plain fetch: the reader's own node, asked from the
 * browser's worker ("Check in this browser" with your node's URL). Calls made together go out as
 * one JSON-RPC batch array (at most `batchSize` per request), as the explorer's transport does,
 * so a block of a hundred transactions is a few requests. Browser-safe, no viem transport: the
 * worker carries only what it needs.
 */
import { StrataError } from '@/lib/protocol/errors';
import type { EvidenceSource } from './build-bundle';

/** The node answered a call with a JSON-RPC error object: its own words. */
export class NodeRefusal extends StrataError {
  override name = 'NodeRefusal';
}

export interface JsonRpcSourceOptions {
  /** Method namespace (default `quai`). */
  readonly namespace?: string;
  readonly batchSize?: number;
  readonly fetch?: typeof fetch;
}

interface Pending {
  readonly id: number;
  readonly method: string;
  readonly params: readonly unknown[];
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function jsonRpcSource(url: string, options: JsonRpcSourceOptions = {}): EvidenceSource {
  const namespace = options.namespace ?? 'quai';
  const batchSize = options.batchSize ?? 100;
  const doFetch = options.fetch ?? fetch;
  let queue: Pending[] = [];
  let nextId = 1;

  async function send(calls: readonly Pending[]): Promise<void> {
    let answer: unknown;
    try {
      const response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(calls.map((c) => ({ jsonrpc: '2.0', id: c.id, method: c.method, params: c.params }))),
      });
      if (!response.ok) throw new StrataError(`${url} answered HTTP ${response.status}`);
      answer = await response.json();
    } catch (error) {
      const reason = error instanceof StrataError ? error.message : `could not read an answer from ${url} (is the node running, and does it allow this page's origin? CORS: --http.corsdomain)`;
      for (const c of calls) c.reject(new StrataError(reason, { cause: error }));
      return;
    }
    const byId = new Map<unknown, unknown>((Array.isArray(answer) ? answer : [answer]).filter(isRecord).map((r) => [r.id, r]));
    for (const c of calls) {
      const r = byId.get(c.id);
      if (!isRecord(r)) c.reject(new StrataError(`${url} gave no answer to ${c.method}`));
      else if (isRecord(r.error)) c.reject(new NodeRefusal(typeof r.error.message === 'string' ? r.error.message : `error ${String(r.error.code)}`));
      else if (!('result' in r)) c.reject(new StrataError(`${url} answered ${c.method} without a result`));
      else c.resolve(r.result);
    }
  }

  function flush(): void {
    const calls = queue;
    queue = [];
    for (let i = 0; i < calls.length; i += batchSize) void send(calls.slice(i, i + batchSize));
  }

  return {
    kind: 'node',
    async call<T>(method: string, params: readonly unknown[], parse: (result: unknown) => T): Promise<T> {
      const full = `${namespace}_${method}`;
      const result = await new Promise<unknown>((resolve, reject) => {
        if (queue.length === 0) queueMicrotask(flush);
        queue.push({ id: nextId++, method: full, params, resolve, reject });
      });
      try {
        return parse(result);
      } catch (error) {
        throw new StrataError(`the node's answer to ${full} is malformed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    },
    refusal: (error) => (error instanceof NodeRefusal ? error.message : undefined),
  };
}
