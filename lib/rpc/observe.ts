/**
 * A hook for whoever wants to watch the node traffic (the metrics of lib/ops/metrics.ts): the
 * transport reports every HTTP request it sends and every call's outcome. No observer, no cost
 * beyond a lookup. On globalThis because Next bundles proxy.ts and the pages separately while
 * one registry serves /api/metrics.
 */
export interface RpcCallObservation {
  readonly chain: string;
  readonly method: string;
  /** Time from sending the HTTP request that carried the call to its answer. */
  readonly durationMs: number;
  /** The error class's name when the call failed (NodeUnreachableError, InvalidResponseError…). */
  readonly error?: string;
}

export interface RpcObserver {
  /** One HTTP request to a chain's node, carrying `calls` JSON-RPC calls. */
  httpRequest(chain: string, calls: number): void;
  call(observation: RpcCallObservation): void;
  /** A call whose answer arrived but failed the parser (an InvalidResponseError naming a field). */
  invalidAnswer(chain: string, method: string): void;
}

const KEY = Symbol.for('strata.rpc.observer');
type Holder = { [KEY]?: RpcObserver };

export function setRpcObserver(observer: RpcObserver | undefined): void {
  (globalThis as Holder)[KEY] = observer;
}

export function rpcObserver(): RpcObserver | undefined {
  return (globalThis as Holder)[KEY];
}
