/**
 * A hook for whoever wants to watch the node traffic (the metrics of lib/ops/metrics.ts): the
 * transport reports every HTTP request it sends and every call's outcome. No observer, no cost
 * beyond a lookup. One per process (lib/ops/process-wide.ts): the bundles' calls are counted
 * in the one registry /api/metrics serves.
 */
import { processWide } from '@/lib/ops/process-wide';

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

/** One per process: the metrics (whichever bundle made them) observe every bundle's calls. */
const slot = () => processWide<{ observer?: RpcObserver }>('rpc-observer', () => ({}));

export function setRpcObserver(observer: RpcObserver | undefined): void {
  slot().observer = observer;
}

export function rpcObserver(): RpcObserver | undefined {
  return slot().observer;
}
