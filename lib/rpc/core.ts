/**
 * The core every action takes: the chain, the method namespace and the transport. Kept apart
 * from ./client.ts so that actions do not import the module that binds them.
 */
import type { Chain } from '@/lib/chains';
import type { RpcTransport } from './transport';

export interface RpcClient {
  readonly chain: Chain;
  /** Method namespace: `quai` by default (the spec writes `svc_`). */
  readonly namespace: string;
  /** The URL with credentials removed: safe to show. */
  readonly url: string;
  readonly transport: RpcTransport;
}

/** The namespaced method name: `quai_getBalance` for `getBalance`. */
export function methodName(client: RpcClient, name: string): string {
  return `${client.namespace}_${name}`;
}
