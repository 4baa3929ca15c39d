/**
 * The tracer argument of geth's debug_trace* methods (go-quai's tracer package takes the same),
 * and what each tracer answers, as domain types. Shared by traceTransaction and traceBlock*.
 */
import type { CallFrame, Prestate, StateDiff } from '@/lib/trace/types';
import { parseCallFrame, parsePrestate, parseStateDiff } from '../parse/trace';
import type { Reader } from '../parse/fields';

export type TracerOptions =
  | { readonly tracer: 'callTracer'; readonly tracerConfig?: { readonly onlyTopCall?: boolean; readonly withLog?: boolean } }
  | { readonly tracer: 'prestateTracer'; readonly tracerConfig?: { readonly diffMode?: false } }
  | { readonly tracer: 'prestateTracer'; readonly tracerConfig: { readonly diffMode: true } };

export type TraceResult<O extends TracerOptions> = O extends { readonly tracer: 'callTracer' }
  ? CallFrame
  : O extends { readonly tracerConfig: { readonly diffMode: true } }
    ? StateDiff
    : Prestate;

/** The wire form: `{ tracer, tracerConfig }`, config left out when empty. */
export function encodeTracer(options: TracerOptions): Record<string, unknown> {
  const config = options.tracerConfig && Object.keys(options.tracerConfig).length > 0 ? { tracerConfig: { ...options.tracerConfig } } : {};
  return { tracer: options.tracer, ...config };
}

export function traceReader<O extends TracerOptions>(options: O): Reader<TraceResult<O>> {
  if (options.tracer === 'callTracer') return parseCallFrame as Reader<TraceResult<O>>;
  return (options.tracerConfig?.diffMode ? parseStateDiff : parsePrestate) as Reader<TraceResult<O>>;
}
