import { withinGasCap, type RpcClient } from '../../core';
import type { BlockTag, CallRequest } from '../../domain';
import { encodeBlockTag, encodeCallRequest } from '../../encode';
import { encodeTracer, traceReader, type TraceResult, type TracerOptions } from './trace-options';

export type TraceCallParameters<O extends TracerOptions = TracerOptions> = {
  readonly request: CallRequest;
  /** Default block parameter; default `pending` (what a transaction sent now would run on). */
  readonly blockTag?: BlockTag;
} & O;

export type TraceCallReturnType<O extends TracerOptions = TracerOptions> = TraceResult<O>;

/**
 * A message run as a transaction on a block's state and traced, without sending anything: the
 * dry run of a transaction. geth runs it as eth_call does (no nonce check; gas bought at the
 * price given, none by default). Nodes without the tracer package answer "method not found".
 *
 * JSON-RPC: `debug_traceCall`.
 *
 * @example
 * const call = await traceCall(client, { request: { from, to, data }, tracer: 'callTracer' });
 */
export async function traceCall<O extends TracerOptions>(client: RpcClient, params: TraceCallParameters<O>): Promise<TraceCallReturnType<O>> {
  const read = traceReader(params);
  return client.transport.request(
    'debug_traceCall',
    [encodeCallRequest(withinGasCap(client, params.request)), encodeBlockTag(params.blockTag ?? 'pending'), encodeTracer(params)],
    (r) => read(r, 'trace'),
  );
}
