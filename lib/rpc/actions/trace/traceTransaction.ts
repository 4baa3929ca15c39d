import type { RpcClient } from '../../core';
import type { Hash } from '../../domain';
import { encodeTracer, traceReader, type TraceResult, type TracerOptions } from './trace-options';

export type TraceTransactionParameters<O extends TracerOptions = TracerOptions> = { readonly hash: Hash } & O;

export type TraceTransactionReturnType<O extends TracerOptions = TracerOptions> = TraceResult<O>;

/**
 * A mined transaction re-executed by the node with one of geth's native tracers: `callTracer`
 * (the call tree) or `prestateTracer` (the touched accounts before, or with `diffMode` before and
 * after). Nodes without the tracer package answer "method not found".
 *
 * JSON-RPC: `debug_traceTransaction`.
 *
 * @example
 * const call = await traceTransaction(client, { hash, tracer: 'callTracer' });
 * const { pre, post } = await traceTransaction(client, { hash, tracer: 'prestateTracer', tracerConfig: { diffMode: true } });
 */
export async function traceTransaction<O extends TracerOptions>(client: RpcClient, params: TraceTransactionParameters<O>): Promise<TraceTransactionReturnType<O>> {
  const read = traceReader(params);
  return client.transport.request('debug_traceTransaction', [params.hash, encodeTracer(params)], (r) => read(r, 'trace'));
}
