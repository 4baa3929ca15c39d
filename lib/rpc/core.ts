/**
 * The core every action takes: the chain, the method namespace and the transport. Kept apart
 * from ./client.ts so that actions do not import the module that binds them.
 */
import type { Chain } from '@/lib/protocol/chains';
import type { CallRequest } from './domain';
import type { RpcTransport } from './transport';

export interface RpcClient {
  readonly chain: Chain;
  /** Method namespace: `quai` by default (the spec writes `svc_`). */
  readonly namespace: string;
  /** The URL with credentials removed: safe to show. */
  readonly url: string;
  readonly transport: RpcTransport;
  /**
   * The most gas a message this client asks the node to run may have (call, estimateGas,
   * traceCall): a request without gas gets this, one with more is lowered to it. Undefined: the
   * node's own default (the block's gas limit).
   */
  readonly callGasCap?: bigint;
}

/** The namespaced method name: `quai_getBalance` for `getBalance`. */
export function methodName(client: RpcClient, name: string): string {
  return `${client.namespace}_${name}`;
}

/** `request` within the client's gas cap (RpcClient.callGasCap). */
export function withinGasCap(client: RpcClient, request: CallRequest): CallRequest {
  const cap = client.callGasCap;
  if (cap === undefined || (request.gas !== undefined && request.gas <= cap)) return request;
  return { ...request, gas: cap };
}
