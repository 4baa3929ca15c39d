import type { RpcClient } from '../../core';
import type { BlockTag, Hash } from '../../domain';
import { encodeBlockTag } from '../../encode';
import { parseBlockTraces } from '../../parse/trace';
import { encodeTracer, traceReader, type TraceResult, type TracerOptions } from './trace-options';

export type TraceBlockByNumberParameters<O extends TracerOptions = TracerOptions> = { readonly blockNumber: BlockTag } & O;

/** One trace per transaction of the block, in block order (`txHash` when the node names it). */
export type TraceBlockByNumberReturnType<O extends TracerOptions = TracerOptions> = readonly { readonly txHash: Hash | null; readonly result: TraceResult<O> }[];

/**
 * Every transaction of a block traced by the node, in order.
 *
 * JSON-RPC: `debug_traceBlockByNumber`.
 *
 * @example
 * const traces = await traceBlockByNumber(client, { blockNumber: 42n, tracer: 'callTracer' });
 */
export async function traceBlockByNumber<O extends TracerOptions>(client: RpcClient, params: TraceBlockByNumberParameters<O>): Promise<TraceBlockByNumberReturnType<O>> {
  const read = traceReader(params);
  return client.transport.request('debug_traceBlockByNumber', [encodeBlockTag(params.blockNumber), encodeTracer(params)], (r) => parseBlockTraces(r, 'traces', read));
}
