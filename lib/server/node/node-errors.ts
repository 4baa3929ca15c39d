/**
 * How the explorer reacts to each kind of node failure.
 *
 *   node down   (NodeUnreachableError, RpcTimeoutError, HttpStatusError): the page cannot be
 *               drawn → HTTP 503 with a retry (see proxy.ts and lib/server/node/health.ts). Never cached.
 *   unserved    (MethodNotFoundError): the node does not serve a feature (txpool_*, debug_*,
 *               getTransactionReceipt) → that section explains itself; the page still renders.
 *   busy        (NodeBusyError): the zone's lane of callers' node work is full (lib/rpc/work-lane.ts)
 *               → 503 with Retry-After for that request; the node was not asked.
 *   other       (JsonRpcError, InvalidResponseError): a real error about this request → the
 *               error boundary.
 */
import type { MethodNotFoundError } from '@/lib/rpc/errors';

/**
 * Errors are told apart by `name`, not `instanceof`: Next bundles proxy.ts, route handlers and
 * pages separately, each with its own copy of lib/rpc/errors.ts, while the clients that throw
 * are shared per process (see clients.ts). An error made by one bundle's class is not an
 * `instanceof` another bundle's class — that once made the proxy take a dead node for a live one.
 */
function hasName(error: unknown, ...names: string[]): boolean {
  return error instanceof Error && names.includes(error.name);
}

export function isNodeDown(error: unknown): boolean {
  return hasName(error, 'NodeUnreachableError', 'RpcTimeoutError', 'HttpStatusError');
}

/** Not asked: the zone's lane of callers' node work is full; asked again after `retryAfterSeconds`. */
export function isNodeBusy(error: unknown): error is Error & { readonly retryAfterSeconds: number } {
  return hasName(error, 'NodeBusyError');
}

export function isUnserved(error: unknown): error is MethodNotFoundError {
  return hasName(error, 'MethodNotFoundError');
}

/** The node answered with an error object about this request (a revert, for a call). */
export function isRefused(error: unknown): boolean {
  return hasName(error, 'JsonRpcError');
}

/**
 * A call whose refusal is an answer: a contract that reverts `decimals()` simply has none. The
 * refusal becomes null; a node that is down or answers garbage still throws.
 */
export async function nullIfRefused<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isRefused(error)) return null;
    throw error;
  }
}

/** The outcome of calling a method the node may not serve. */
export type Optional<T> = { readonly served: true; readonly value: T } | { readonly served: false; readonly method: string };

/**
 * Runs a call whose method the node may not serve: "method not found" becomes
 * `{ served: false }` for the page to explain; every other failure still throws.
 */
export async function optional<T>(method: string, call: () => Promise<T>): Promise<Optional<T>> {
  try {
    return { served: true, value: await call() };
  } catch (error) {
    if (isUnserved(error)) return { served: false, method };
    throw error;
  }
}

/** One line for a reader about a failed call, without URLs or stack traces. */
export function describeFailure(error: unknown): string {
  if (error instanceof Error && 'shortMessage' in error && typeof error.shortMessage === 'string') return error.shortMessage;
  if (error instanceof Error) return error.message.split('\n')[0] ?? 'Unknown error';
  return 'Unknown error';
}
