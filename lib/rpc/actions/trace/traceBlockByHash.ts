import type { RpcClient } from '../../core';
import type { Hash } from '../../domain';
import { parseBlockTraces } from '../../parse/trace';
import { encodeTracer, traceReader, type TraceResult, type TracerOptions } from './trace-options';

export type TraceBlockByHashParameters<O extends TracerOptions = TracerOptions> = { readonly blockHash: Hash } & O;

export type TraceBlockByHashReturnType<O extends TracerOptions = TracerOptions> = readonly { readonly txHash: Hash | null; readonly result: TraceResult<O> }[];

/**
 * Every transaction of a block (by hash) traced by the node, in order.
 *
 * JSON-RPC: `debug_traceBlockByHash`.
 *
 * @example
 * const traces = await traceBlockByHash(client, { blockHash, tracer: 'callTracer' });
 */
export async function traceBlockByHash<O extends TracerOptions>(client: RpcClient, params: TraceBlockByHashParameters<O>): Promise<TraceBlockByHashReturnType<O>> {
  const read = traceReader(params);
  return client.transport.request('debug_traceBlockByHash', [params.blockHash, encodeTracer(params)], (r) => parseBlockTraces(r, 'traces', read));
}
