/**
 * The explorer's evidence source: a chain's RPC client (its transport: batching, timeouts,
 * errors naming the chain and field). A refusal is the node's JSON-RPC error in its own words
 * (a method it does not serve, "address is not in scope"); a node down or an unreadable answer
 * is not a refusal and fails the request (503, 502).
 */
import type { EvidenceSource } from '@/lib/evidence/build-bundle';
import { methodName, type RpcClient } from '@/lib/rpc/client';
import { describeFailure, isRefused, isUnserved } from '@/lib/server/node/node-errors';

export function evidenceSourceOf(client: RpcClient): EvidenceSource {
  return {
    kind: 'explorer',
    call: (method, params, parse) => client.transport.request(methodName(client, method), params, parse),
    refusal(error) {
      if (!isUnserved(error) && !isRefused(error)) return undefined;
      const own = (error as { rpcMessage?: unknown }).rpcMessage;
      return typeof own === 'string' ? own : describeFailure(error);
    },
  };
}
