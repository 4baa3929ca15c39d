/**
 * Errors of the RPC client, one class per case a page can act on (viem style: `shortMessage`
 * for the UI, `details` for logs, `cause` for the chain of reasons).
 *
 *   NodeUnreachableError  nothing answered at the URL (connection refused, DNS, reset)
 *   RpcTimeoutError       no complete answer within timeoutMs
 *   HttpStatusError       the node answered with a non-2xx status and no JSON-RPC error body
 *   JsonRpcError          the node answered with a JSON-RPC error object (code, message, data)
 *   MethodNotFoundError   …with -32601 or "method … does not exist/is not available": the node
 *                         does not serve that method (txpool_/debug_ on a default node)
 *   InvalidResponseError  the answer is not what the spec promises (JSON, content type, a field)
 *   NodeBusyError         not asked: the zone's node already runs as many callers' calls as the
 *                         explorer lets it (./work-lane.ts); asked again after `retryAfterSeconds`
 *
 * Every error carries the chain name and the URL after redactUrl(): the configured URL may
 * hold credentials or an API key, and errors end up in logs and on error pages. The constructor
 * scrubs the raw URL from every text it is given, including the `cause` chain, so a lower
 * layer's message (viem's, undici's) cannot leak it either.
 */
import { redactUrl } from '@/lib/ops/config';
import { StrataError } from '@/lib/protocol/errors';
import { decodeLenient } from '@/lib/text/url-decode';

export interface ErrorContext {
  /** Chain name, e.g. "cyprus1". */
  readonly chain: string;
  /** The chain's URL as configured; only its redacted form is kept. */
  readonly url: string;
  /** The JSON-RPC method, when the error concerns one call. */
  readonly method?: string;
}

interface BaseErrorOptions {
  readonly details?: string;
  readonly cause?: unknown;
  readonly metaMessages?: readonly string[];
}

/** The texts in which a raw URL may hide: the URL itself, its parsed forms, its credentials. */
function secretsOf(url: string): string[] {
  const secrets = new Set<string>([url]);
  try {
    const parsed = new URL(url);
    secrets.add(parsed.toString());
    for (const part of [parsed.username, parsed.password]) {
      // Very short credentials would blank out unrelated text; the full URL forms cover them.
      if (part.length >= 4) {
        secrets.add(part);
        secrets.add(decodeLenient(part));
      }
    }
    if (parsed.search.length > 1) secrets.add(parsed.search.slice(1));
    const bare = new URL(url);
    bare.username = '';
    bare.password = '';
    secrets.add(bare.toString());
  } catch {
    // Not a URL: the string itself is all we can scrub.
  }
  return [...secrets].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
}

function scrub(text: string, url: string, redacted: string): string {
  let out = text;
  for (const secret of secretsOf(url)) out = out.split(secret).join(redacted);
  return out;
}

/** A plain Error copy of a cause chain with the URL scrubbed from every message. */
function scrubCause(cause: unknown, url: string, redacted: string, depth = 0): Error | undefined {
  if (cause === undefined || cause === null) return undefined;
  if (cause instanceof BaseError) return cause; // already scrubbed at its construction
  const source = cause instanceof Error ? cause : new Error(String(cause));
  const copy = new Error(scrub(source.message, url, redacted), {
    cause: depth < 5 && source.cause !== undefined ? scrubCause(source.cause, url, redacted, depth + 1) : undefined,
  });
  copy.name = source.name;
  const code: unknown = (source as Error & { code?: unknown }).code;
  if (typeof code === 'string') Object.assign(copy, { code });
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}

/** The family's member for a node's failure (lib/protocol/errors): `shortMessage` is what went wrong, in one line for a user. */
export abstract class BaseError extends StrataError {
  override name = 'RpcClientError';
  /** More for a log: the underlying reason. */
  readonly details: string;
  readonly metaMessages: readonly string[];
  readonly chain: string;
  /** The redacted URL. */
  readonly url: string;
  readonly method: string | undefined;
  override readonly cause: Error | undefined;

  constructor(shortMessage: string, context: ErrorContext, options: BaseErrorOptions = {}) {
    const redacted = redactUrl(context.url);
    const short = scrub(shortMessage, context.url, redacted);
    const details = scrub(options.details ?? '', context.url, redacted);
    const meta = [
      `Chain: ${context.chain}`,
      `URL: ${redacted}`,
      ...(context.method ? [`Method: ${context.method}`] : []),
      ...(options.metaMessages ?? []).map((m) => scrub(m, context.url, redacted)),
    ];
    super([short, '', ...meta, ...(details ? ['', `Details: ${details}`] : [])].join('\n'), { shortMessage: short });
    this.details = details;
    this.metaMessages = meta;
    this.chain = context.chain;
    this.url = redacted;
    this.method = context.method;
    this.cause = scrubCause(options.cause, context.url, redacted);
    if (this.stack) this.stack = scrub(this.stack, context.url, redacted);
  }
}

/** Nothing answered at the URL: connection refused, unknown host, connection reset. */
export class NodeUnreachableError extends BaseError {
  override name = 'NodeUnreachableError';
  constructor(context: ErrorContext, options: BaseErrorOptions = {}) {
    super(`The ${context.chain} node could not be reached.`, context, options);
  }
}

/** No complete answer within the configured time. */
export class RpcTimeoutError extends BaseError {
  override name = 'RpcTimeoutError';
  readonly timeoutMs: number;
  constructor(context: ErrorContext & { readonly timeoutMs: number }, options: BaseErrorOptions = {}) {
    super(`The ${context.chain} node did not answer within ${context.timeoutMs} ms.`, context, options);
    this.timeoutMs = context.timeoutMs;
  }
}

/** A non-2xx HTTP status without a JSON-RPC error body (proxy errors, 415, 413, 5xx pages). */
export class HttpStatusError extends BaseError {
  override name = 'HttpStatusError';
  readonly status: number;
  constructor(context: ErrorContext & { readonly status: number }, options: BaseErrorOptions = {}) {
    super(`The ${context.chain} node answered with HTTP status ${context.status}.`, context, options);
    this.status = context.status;
  }
}

/** The node answered the call with a JSON-RPC error object. */
export class JsonRpcError extends BaseError {
  override name = 'JsonRpcError';
  readonly code: number;
  /** The node's own message, verbatim (e.g. "address is not in scope"). */
  readonly rpcMessage: string;
  readonly data: unknown;
  /** HTTP status of the response that carried the error (200 for most nodes). */
  readonly status: number | undefined;
  constructor(
    context: ErrorContext & { readonly code: number; readonly message: string; readonly data?: unknown; readonly status?: number },
    options: BaseErrorOptions = {},
  ) {
    super(context.message || `JSON-RPC error ${context.code}`, context, {
      ...options,
      metaMessages: [`Code: ${context.code}`, ...(options.metaMessages ?? [])],
    });
    this.code = context.code;
    this.rpcMessage = this.shortMessage;
    this.data = context.data;
    this.status = context.status;
  }
}

/** The node does not serve this method (-32601, or a "method … not available" message). */
export class MethodNotFoundError extends JsonRpcError {
  override name = 'MethodNotFoundError';
}

/** The response is not what the spec promises: malformed JSON, wrong content type, a bad field. */
export class InvalidResponseError extends BaseError {
  override name = 'InvalidResponseError';
  /** The offending field path (e.g. "block.parentHash[1]"), when a field was at fault. */
  readonly field: string | undefined;
  constructor(context: ErrorContext & { readonly reason: string; readonly field?: string }, options: BaseErrorOptions = {}) {
    super(`Invalid response from the ${context.chain} node: ${context.reason}`, context, options);
    this.field = context.field;
  }
}

/** Not sent: the node already runs as many calls of callers' choosing as allowed (./work-lane.ts). */
export class NodeBusyError extends BaseError {
  override name = 'NodeBusyError';
  readonly retryAfterSeconds: number;
  constructor(context: ErrorContext & { readonly inFlight: number; readonly retryAfterSeconds: number }, options: BaseErrorOptions = {}) {
    super(
      `The ${context.chain} node is busy running ${context.inFlight} other call${context.inFlight === 1 ? '' : 's'} of callers' choosing; try again in ${context.retryAfterSeconds} s.`,
      context,
      options,
    );
    this.retryAfterSeconds = context.retryAfterSeconds;
  }
}

export type RpcClientError =
  | NodeBusyError
  | NodeUnreachableError
  | RpcTimeoutError
  | HttpStatusError
  | JsonRpcError
  | MethodNotFoundError
  | InvalidResponseError;

const METHOD_MISSING_RE = /method .*(does not exist|is not available|not found)|the method .* does not exist/i;

/** Whether a JSON-RPC error means "this node does not serve the method". */
export function isMethodNotFound(code: number, message: string): boolean {
  return code === -32601 || METHOD_MISSING_RE.test(message);
}

/** Builds the right JSON-RPC error class for an error object. */
export function jsonRpcErrorFrom(
  context: ErrorContext,
  error: { readonly code: number; readonly message: string; readonly data?: unknown },
  status?: number,
): JsonRpcError {
  const args = { ...context, code: error.code, message: error.message, data: error.data, status };
  return isMethodNotFound(error.code, error.message) ? new MethodNotFoundError(args) : new JsonRpcError(args);
}
