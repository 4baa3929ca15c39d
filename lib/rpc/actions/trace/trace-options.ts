/**
 * The tracer argument of geth's debug_trace* methods (go-quai's tracer package takes the same),
 * and what each tracer answers, as domain types. Shared by traceTransaction and traceBlock*.
 */
import type { CallFrame, FramePcs, Prestate, StateDiff, StructLog } from '@/lib/rpc/trace-types';
import { parseCallFrame, parseFramePcs, parsePrestate, parseStateDiff, parseStructLog } from '../../parse/trace';
import type { Reader } from '../../parse/fields';

/** geth's LogConfig, the struct logger's options. */
export interface StructLoggerConfig {
  readonly disableStack?: boolean;
  readonly disableStorage?: boolean;
  readonly enableMemory?: boolean;
  readonly enableReturnData?: boolean;
  readonly limit?: number;
}

/**
 * geth's TraceConfig.timeout, a Go duration ("9s", "250ms"): the node stops a trace still running
 * then and answers "execution timeout" (geth per transaction, its default 5s; the devnet for the
 * whole request, and none unless asked). What keeps a trace the client gave up on from running on.
 */
export interface TraceTimeout {
  readonly timeout?: string;
}

export type TracerOptions = TraceTimeout & (
  | { readonly tracer: 'callTracer'; readonly tracerConfig?: { readonly onlyTopCall?: boolean; readonly withLog?: boolean } }
  | { readonly tracer: 'prestateTracer'; readonly tracerConfig?: { readonly diffMode?: false } }
  | { readonly tracer: 'prestateTracer'; readonly tracerConfig: { readonly diffMode: true } }
  /** The devnet's own: each frame's last program counters (go-quai has no such tracer). */
  | { readonly tracer: 'lastPcTracer' }
  /** No tracer named: geth's struct logger, one entry per opcode. */
  | { readonly tracer: 'structLogger'; readonly logConfig?: StructLoggerConfig }
);

export type TraceResult<O extends TracerOptions> = O extends { readonly tracer: 'callTracer' }
  ? CallFrame
  : O extends { readonly tracer: 'lastPcTracer' }
    ? FramePcs
    : O extends { readonly tracer: 'structLogger' }
      ? StructLog
      : O extends { readonly tracerConfig: { readonly diffMode: true } }
        ? StateDiff
        : Prestate;

/** The wire form: `{ tracer, tracerConfig }`, config left out when empty; the struct logger's keys at the top, with no tracer. */
export function encodeTracer(options: TracerOptions): Record<string, unknown> {
  const timeout = options.timeout === undefined ? {} : { timeout: options.timeout };
  if (options.tracer === 'structLogger') return { ...options.logConfig, ...timeout };
  if (options.tracer === 'lastPcTracer') return { tracer: options.tracer, ...timeout };
  const config = options.tracerConfig && Object.keys(options.tracerConfig).length > 0 ? { tracerConfig: { ...options.tracerConfig } } : {};
  return { tracer: options.tracer, ...config, ...timeout };
}

export function traceReader<O extends TracerOptions>(options: O): Reader<TraceResult<O>> {
  if (options.tracer === 'callTracer') return parseCallFrame as Reader<TraceResult<O>>;
  if (options.tracer === 'lastPcTracer') return parseFramePcs as Reader<TraceResult<O>>;
  if (options.tracer === 'structLogger') return parseStructLog as Reader<TraceResult<O>>;
  return (options.tracerConfig?.diffMode ? parseStateDiff : parsePrestate) as Reader<TraceResult<O>>;
}
