/**
 * The HTTP JSON-RPC transport of one chain. HTTP itself is viem's `getHttpRpcClient` (fetch,
 * per-request timeout, basic-auth from URL credentials, JSON-RPC batch bodies); on top of it:
 *
 * - Coalescing: calls made in the same tick go out as one JSON-RPC batch array in one HTTP
 *   request (a page's server render issues a dozen reads at once; a node answers one batch
 *   faster than twelve requests). `requestBatch` sends an explicit batch. A trace is sent alone
 *   (`sentAlone`): the node re-executes a transaction or a block for it, which can take seconds,
 *   and a batch is answered only once its slowest call is.
 * - Matching responses to calls by id, accepting ids echoed as strings (a spec sample does).
 * - Mapping every failure to one of ./errors.ts, with the URL redacted everywhere.
 * - No retries: a page decides what to do with a failure; a retry loop would hide a dead node
 *   behind its timeouts.
 */
import { getHttpRpcClient, type HttpRpcClient } from 'viem/utils';
import { HttpRequestError, ResponseBodyTooLargeError, RpcRequestError, TimeoutError } from 'viem';
import {
  BaseError,
  HttpStatusError,
  InvalidResponseError,
  NodeUnreachableError,
  RpcTimeoutError,
  jsonRpcErrorFrom,
  type ErrorContext,
  type RpcClientError,
} from './errors';
import { FieldError } from './parse/fields';
import { rpcObserver } from '@/lib/ops/rpc-observe';
import { redactUrl } from '@/lib/ops/config';
import { StrataError } from '@/lib/protocol/errors';

export interface TransportConfig {
  /** Chain name for error messages, e.g. "cyprus1". */
  readonly chain: string;
  /** Node URL; may carry credentials (sent as basic auth, never printed). */
  readonly url: string;
  /** Per HTTP request, including reading the body. */
  readonly timeoutMs: number;
  /**
   * Coalescing of concurrent calls into batch requests (default on). `waitMs` is how long the
   * first call of a batch waits for company (default 0: the same macrotask); `maxSize` caps one
   * HTTP request's batch (default 100; more calls go in further requests).
   */
  readonly batch?: boolean | { readonly waitMs?: number; readonly maxSize?: number };
}

export interface RpcCall {
  readonly method: string;
  readonly params: readonly unknown[];
}

export type SettledCall =
  | { readonly status: 'fulfilled'; readonly value: unknown }
  | { readonly status: 'rejected'; readonly reason: RpcClientError };

export interface RpcTransport {
  readonly chain: string;
  /** The URL with credentials and query removed: safe to show. */
  readonly url: string;
  /**
   * One call; concurrent calls share an HTTP request. With `parse`, the result is validated
   * and a FieldError becomes an InvalidResponseError naming the field.
   */
  request(method: string, params: readonly unknown[]): Promise<unknown>;
  request<T>(method: string, params: readonly unknown[], parse: (result: unknown) => T): Promise<T>;
  /** An explicit batch: one HTTP request, one settled result per call, in order. */
  requestBatch(calls: readonly RpcCall[]): Promise<SettledCall[]>;
}

interface Pending extends RpcCall {
  readonly resolve: (value: unknown) => void;
  readonly reject: (reason: RpcClientError) => void;
}

/** Thrown from onResponse so the catch below can tell it apart from viem's own failures. */
class ContentTypeError extends StrataError {
  constructor(readonly contentType: string | null) {
    super(`expected content type application/json, got ${contentType === null ? 'none' : JSON.stringify(contentType)}`);
  }
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isErrorObject(value: unknown): value is { code: number; message: string; data?: unknown } {
  return isRecord(value) && Number.isInteger(value.code) && typeof value.message === 'string';
}

/** Whether undici/fetch failed to reach the server (as opposed to reading a bad answer). */
function isNetworkFailure(error: unknown): boolean {
  // fetch reports refused/reset/DNS failures as a TypeError ("fetch failed") with the system
  // error as cause; a parse failure is a SyntaxError, our content check a ContentTypeError.
  return error instanceof TypeError;
}

let nextId = 1;

export function createTransport(config: TransportConfig): RpcTransport {
  const { chain, url, timeoutMs } = config;
  const redacted = redactUrl(url);
  const batchOptions = config.batch === false ? null : config.batch === true || config.batch === undefined ? {} : config.batch;
  const waitMs = batchOptions?.waitMs ?? 0;
  const maxSize = Math.max(1, batchOptions?.maxSize ?? 100);

  const http: HttpRpcClient = getHttpRpcClient(url, {
    timeout: timeoutMs,
    async onResponse(response) {
      if (!response.ok) return; // status errors are reported as such, whatever the body
      const contentType = response.headers.get('content-type');
      if (!contentType?.toLowerCase().startsWith('application/json')) {
        await response.body?.cancel().catch(() => undefined);
        throw new ContentTypeError(contentType);
      }
    },
  });

  const context = (method?: string): ErrorContext => ({ chain, url, method });

  /** Maps whatever the HTTP layer threw to our error classes. */
  function mapFailure(error: unknown, method: string | undefined): RpcClientError {
    const ctx = context(method);
    if (error instanceof BaseError) return error as RpcClientError;
    if (error instanceof TimeoutError) return new RpcTimeoutError({ ...ctx, timeoutMs }, { cause: error });
    if (error instanceof RpcRequestError) {
      // A non-2xx status carrying a JSON-RPC error body: the error object is the useful part.
      return jsonRpcErrorFrom(ctx, { code: error.code, message: error.shortMessage, data: error.data }, error.status);
    }
    if (error instanceof ResponseBodyTooLargeError) {
      return new InvalidResponseError({ ...ctx, reason: 'the response body is too large' }, { cause: error });
    }
    if (error instanceof HttpRequestError) {
      if (error.status !== undefined) {
        // details holds the body text (often an HTML error page): keep a readable head of it.
        const details = error.details.length > 300 ? `${error.details.slice(0, 300)}…` : error.details;
        return new HttpStatusError({ ...ctx, status: error.status }, { details });
      }
      const cause = error.cause;
      if (cause instanceof ContentTypeError) return new InvalidResponseError({ ...ctx, reason: cause.message });
      if (cause instanceof SyntaxError) {
        return new InvalidResponseError({ ...ctx, reason: 'the body is not valid JSON' }, { cause });
      }
      if (isNetworkFailure(cause)) return new NodeUnreachableError(ctx, { details: describeNetworkFailure(cause), cause });
      return new InvalidResponseError({ ...ctx, reason: cause instanceof Error ? cause.message : 'unreadable response' }, { cause });
    }
    if (isNetworkFailure(error)) return new NodeUnreachableError(ctx, { details: describeNetworkFailure(error), cause: error });
    return new InvalidResponseError(
      { ...ctx, reason: error instanceof Error ? error.message : 'unexpected failure' },
      { cause: error },
    );
  }

  /** Resolves one call from its response envelope. */
  function settle(call: RpcCall, response: unknown, status: number | undefined): SettledCall {
    const ctx = context(call.method);
    if (!isRecord(response)) {
      return { status: 'rejected', reason: new InvalidResponseError({ ...ctx, reason: 'the response is not a JSON-RPC object' }) };
    }
    if (response.error !== undefined && response.error !== null) {
      if (!isErrorObject(response.error)) {
        return { status: 'rejected', reason: new InvalidResponseError({ ...ctx, reason: 'malformed JSON-RPC error object', field: 'error' }) };
      }
      return { status: 'rejected', reason: jsonRpcErrorFrom(ctx, response.error, status) };
    }
    if (!('result' in response)) {
      return { status: 'rejected', reason: new InvalidResponseError({ ...ctx, reason: 'the response has neither result nor error' }) };
    }
    return { status: 'fulfilled', value: response.result };
  }

  /** Sends calls as one HTTP request (an object for one call, an array for more). */
  async function send(calls: readonly RpcCall[], asArray: boolean): Promise<SettledCall[]> {
    const observer = rpcObserver();
    if (!observer) return sendUnobserved(calls, asArray);
    observer.httpRequest(chain, calls.length);
    const started = performance.now();
    const results = await sendUnobserved(calls, asArray);
    const durationMs = performance.now() - started;
    results.forEach((result, i) => {
      const method = calls[i]?.method ?? 'unknown';
      observer.call(result.status === 'fulfilled' ? { chain, method, durationMs } : { chain, method, durationMs, error: errorName(result.reason) });
    });
    return results;
  }

  async function sendUnobserved(calls: readonly RpcCall[], asArray: boolean): Promise<SettledCall[]> {
    const ids = calls.map(() => nextId++);
    const bodies = calls.map((c, i) => ({ jsonrpc: '2.0' as const, id: ids[i] as number, method: c.method, params: [...c.params] }));
    const label = calls.length === 1 ? calls[0]?.method : undefined;
    let data: unknown;
    try {
      data = asArray ? await http.request({ body: bodies }) : await http.request({ body: bodies[0] as (typeof bodies)[number] });
    } catch (error) {
      const reason = mapFailure(error, label);
      return calls.map(() => ({ status: 'rejected', reason }));
    }
    if (!asArray) {
      const call = calls[0] as RpcCall;
      if (isRecord(data) && data.id !== undefined && data.id !== null && String(data.id) !== String(ids[0])) {
        return [{ status: 'rejected', reason: new InvalidResponseError({ ...context(call.method), reason: `response id ${JSON.stringify(data.id)} does not match request id ${ids[0]}` }) }];
      }
      return [settle(call, data, undefined)];
    }
    if (!Array.isArray(data)) {
      return calls.map((c) => ({ status: 'rejected', reason: new InvalidResponseError({ ...context(c.method), reason: 'a batch request got a non-array response' }) }));
    }
    // Ids may come back as strings ("1") and in any order.
    const byId = new Map<string, unknown>();
    for (const item of data) if (isRecord(item) && item.id !== undefined && item.id !== null) byId.set(String(item.id), item);
    return calls.map((call, i): SettledCall => {
      const response = byId.get(String(ids[i]));
      if (response === undefined) {
        return { status: 'rejected', reason: new InvalidResponseError({ ...context(call.method), reason: `the batch response has no entry for id ${ids[i]}` }) };
      }
      return settle(call, response, undefined);
    });
  }

  let queue: Pending[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush(): void {
    timer = undefined;
    const taken = queue;
    queue = [];
    for (let start = 0; start < taken.length; start += maxSize) {
      const chunk = taken.slice(start, start + maxSize);
      void send(chunk, chunk.length > 1).then((results) => {
        results.forEach((result, i) => {
          const pending = chunk[i] as Pending;
          if (result.status === 'fulfilled') pending.resolve(result.value);
          else pending.reject(result.reason);
        });
      });
    }
  }

  function enqueue(method: string, params: readonly unknown[]): Promise<unknown> {
    if (!batchOptions || sentAlone(method)) {
      return send([{ method, params }], false).then(([result]) => {
        if (result?.status === 'fulfilled') return result.value;
        throw result?.reason;
      });
    }
    return new Promise<unknown>((resolve, reject) => {
      queue.push({ method, params, resolve, reject });
      timer ??= setTimeout(flush, waitMs);
    });
  }

  async function request<T>(method: string, params: readonly unknown[], parse?: (result: unknown) => T): Promise<T | unknown> {
    const result = await enqueue(method, params);
    if (!parse) return result;
    try {
      return parse(result);
    } catch (error) {
      if (error instanceof FieldError) {
        // The HTTP answer was counted as a success in send(); its content was not.
        rpcObserver()?.invalidAnswer(chain, method);
        throw new InvalidResponseError({ ...context(method), reason: error.message, field: error.path });
      }
      throw error;
    }
  }

  return {
    chain,
    url: redacted,
    request: request as RpcTransport['request'],
    requestBatch: (calls) => (calls.length === 0 ? Promise.resolve([]) : send(calls, true)),
  };
}

/**
 * Calls never coalesced with others: geth's tracers (`debug_traceTransaction`, `debug_traceBlock…`,
 * `debug_traceCall`) run the transactions again, so the reads sent with one would wait for it.
 */
export function sentAlone(method: string): boolean {
  return method.startsWith('debug_trace');
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'Error';
}

function describeNetworkFailure(error: unknown): string {
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  const code = isRecord(cause) && typeof cause.code === 'string' ? cause.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return code ? `${message} (${code})` : message;
}
