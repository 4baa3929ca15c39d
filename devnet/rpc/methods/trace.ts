/**
 * geth's tracing methods, as go-quai nodes built with the tracer package serve them:
 * `debug_traceTransaction(hash, { tracer, tracerConfig })`, `debug_traceBlockByNumber`,
 * `debug_traceBlockByHash` and `debug_traceCall(call, block, { tracer, tracerConfig })`, with the
 * native `callTracer` and `prestateTracer` and, when no tracer is named, geth's struct logger
 * (trace-format.ts and execution/struct-logger.ts for their JSON). Zone-only; "method not found"
 * unless the endpoint serves tracing (on by default; `--no-trace`), so the explorer is tested
 * against a node without them too.
 *
 * The devnet adds one tracer go-quai has not: `lastPcTracer`, the call tree's shape with each
 * frame's last program counters and the caller's pc that opened it (execution/tracer.ts): what a
 * source map needs to name the line a frame failed on, without an entry per step. Off with
 * `--no-pc-tracer`, which leaves the tracers a go-quai node has.
 *
 * A trace is the block re-executed on its parent's state (execution/trace-block.ts), once per
 * block and recorder: the traces of a block are kept by its hash (a block never changes), so an
 * index's backfill, a second explorer's and the transaction page's reads re-execute it once.
 * The struct logger's answers are not kept: they are large, and asked for one transaction.
 *
 * geth's TraceConfig.timeout ("250ms", "9s") stops a trace still running then with geth's error,
 * "execution timeout"; the devnet applies it to the whole request (geth to each transaction), and
 * runs a trace without one to its end (geth's default is 5s). A trace stopped so is not kept.
 */
import { LRUCache } from 'lru-cache';
import type { Hex } from 'viem';
import type { BlockContext, TraceRequest, TxTrace } from '../../execution/api';
import type { SealedBlock } from '../../chain/block';
import { invalidParam, methodNotFound, serverError } from '../errors';
import type { Json } from '../format';
import type { Params } from '../params';
import { formatCallFrame, formatPcFrame, formatPrestate, formatStateDiff, formatStructLog } from '../trace-format';
import { stateAt } from '../resolve';
import type { StructLogConfig } from '../../execution/struct-logger';
import type { Handlers, MethodContext } from './context';
import { callRequest } from './state';

type TracerName = 'callTracer' | 'prestateTracer' | 'lastPcTracer' | 'structLogger';

interface TracerConfig {
  readonly tracer: TracerName;
  readonly onlyTopCall: boolean;
  readonly withLog: boolean;
  readonly diffMode: boolean;
  /** The struct logger's LogConfig (top-level keys of the options, as geth's TraceConfig embeds it). */
  readonly structLog: StructLogConfig;
  /** geth's TraceConfig.timeout in ms; undefined: none (geth's default is 5s; the devnet runs a trace to its end unless asked). */
  readonly timeoutMs: number | undefined;
}

const DURATION_UNITS: Readonly<Record<string, number>> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** A Go duration as geth's TraceConfig.timeout takes it ("5s", "250ms", "1m30s"), in ms. */
function durationMs(options: Record<string, unknown>, index: number): number | undefined {
  const value = options.timeout;
  if (value === undefined) return undefined;
  const parts = typeof value === 'string' ? [...value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)] : [];
  if (typeof value !== 'string' || parts.length === 0 || parts.map((p) => p[0]).join('') !== value) {
    throw invalidParam(index, 'config', `timeout: expected a duration such as "5s" or "250ms", got ${JSON.stringify(value)}`);
  }
  return parts.reduce((ms, p) => ms + Number(p[1]) * DURATION_UNITS[p[2]!]!, 0);
}

const flag = (config: Record<string, unknown>, key: string, index: number): boolean => {
  const value = config[key];
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw invalidParam(index, 'config', `tracerConfig.${key}: expected true or false`);
  return value;
};

/** A LogConfig count (`limit`): a JSON integer ≥ 0. */
function count(options: Record<string, unknown>, key: string, index: number): number | undefined {
  const value = options[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw invalidParam(index, 'config', `${key}: expected a whole number`);
  return value;
}

/** The tracer argument (`{ tracer, tracerConfig, timeout }`, and the struct logger's keys beside them when no tracer is named). */
function tracerConfig(p: Params, index: number, servePcTracer: boolean): TracerConfig {
  const options = p.has(index) ? p.object(index, 'config') : {};
  const named = options.tracer;
  const served = ['callTracer', 'prestateTracer', ...(servePcTracer ? ['lastPcTracer'] : [])];
  if (named !== undefined && (typeof named !== 'string' || !served.includes(named))) {
    // geth reads a name it has no native tracer for as JavaScript; the devnet runs none.
    throw serverError(`tracer ${JSON.stringify(named)} is not served by the devnet; use ${served.join(', ')} or no tracer (the struct logger)`);
  }
  const tracer = (named ?? 'structLogger') as TracerName;
  const raw = options.tracerConfig ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalidParam(index, 'config', 'tracerConfig: expected an object');
  const config = raw as Record<string, unknown>;
  const limit = count(options, 'limit', index);
  return {
    tracer, onlyTopCall: flag(config, 'onlyTopCall', index), withLog: flag(config, 'withLog', index), diffMode: flag(config, 'diffMode', index),
    structLog: {
      disableStack: flag(options, 'disableStack', index), disableStorage: flag(options, 'disableStorage', index),
      enableMemory: flag(options, 'enableMemory', index), ...(limit !== undefined ? { limit } : {}),
    },
    timeoutMs: durationMs(options, index),
  };
}

/** What the devnet records for a tracer: the recorders trace-block.ts attaches. */
function traceRequestOf(config: TracerConfig): Omit<TraceRequest, 'only'> {
  return {
    withLog: config.withLog,
    prestate: config.tracer === 'prestateTracer',
    pcs: config.tracer === 'lastPcTracer',
    ...(config.tracer === 'structLogger' ? { structLog: config.structLog } : {}),
    ...(config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {}),
  };
}

function formatTrace(trace: TxTrace, config: TracerConfig): Json {
  switch (config.tracer) {
    case 'callTracer':
      return formatCallFrame(trace.frame, config);
    case 'lastPcTracer':
      return formatPcFrame(trace.frame);
    case 'structLogger':
      if (!trace.structLog) throw serverError('the struct logger recorded nothing');
      return formatStructLog(trace.structLog);
    case 'prestateTracer':
      return config.diffMode ? formatStateDiff(trace) : formatPrestate(trace);
  }
}

export function traceMethods({ endpoint, store, zone, options, byNumber, byHash }: MethodContext): Handlers {
  const tracing = (method: string) => {
    if (!options.serveTrace) throw methodNotFound(method);
    const execution = zone(method);
    const trace = execution.traceTransactions?.bind(execution);
    if (!trace) throw methodNotFound(method);
    return trace;
  };

  /** Re-executes `block` on its parent's state, tracing `only` (one hash) or every transaction. */
  const traceIn = async (method: string, block: SealedBlock, config: TracerConfig, only?: Hex): Promise<TxTrace[]> => {
    const trace = tracing(method);
    const { header } = block;
    const parent = store.withHash(header.parentHash[2]);
    if (!parent) throw serverError(`parent ${header.parentHash[2]} not found`);
    const ctx: BlockContext = {
      number: header.number[2], timestamp: header.timestamp, miner: header.miner, baseFee: header.baseFeePerGas,
      gasLimit: header.gasLimit, difficulty: header.difficulty,
    };
    return trace(parent.header.stateRoot, ctx, block.transactions, { only, ...traceRequestOf(config) });
  };

  /** Every transaction of a block traced, shared by block hash and what the tracer records. */
  const blockTraces = new LRUCache<string, Promise<TxTrace[]>>({ max: 512 });
  const traceWhole = (method: string, block: SealedBlock, config: TracerConfig): Promise<TxTrace[]> => {
    tracing(method);
    if (config.tracer === 'structLogger') return traceIn(method, block, config);
    // A deadline is part of the key: a request without one must not inherit another's timeout.
    const key = `${block.hash}|${config.tracer === 'callTracer' ? 'call' : config.tracer}|${config.withLog}|${config.timeoutMs ?? ''}`;
    const kept = blockTraces.get(key);
    if (kept) return kept;
    const traces = traceIn(method, block, config);
    blockTraces.set(key, traces);
    traces.catch(() => blockTraces.delete(key));
    return traces;
  };

  const traceBlock = async (method: string, block: SealedBlock | undefined, p: Params): Promise<Json> => {
    tracing(method);
    await options.tracesHeld;
    const config = tracerConfig(p, 1, options.servePcTracer);
    if (!block) throw serverError('block not found');
    if (block.header.number[2] === 0n) throw serverError('genesis is not traceable');
    const traces = await traceWhole(method, block, config);
    return traces.map((t) => ({ txHash: t.hash, result: formatTrace(t, config) }));
  };

  return {
    debug_traceTransaction: async (p) => {
      tracing('debug_traceTransaction');
      await options.tracesHeld;
      const hash = p.atMost(2).hash(0, 'txHash');
      const config = tracerConfig(p, 1, options.servePcTracer);
      const mined = store.transaction(hash);
      // geth's wording for a hash it has not indexed (pending or unknown).
      if (!mined) throw serverError('transaction not found');
      // The struct logger re-executes the block up to this transaction only: nothing of it is kept.
      const traces = config.tracer === 'structLogger' ? await traceIn('debug_traceTransaction', mined.block, config, hash) : await traceWhole('debug_traceTransaction', mined.block, config);
      const trace = traces.find((t) => t.hash.toLowerCase() === hash.toLowerCase());
      if (!trace) throw serverError('transaction not found');
      return formatTrace(trace, config);
    },
    debug_traceCall: async (p) => {
      tracing('debug_traceCall');
      const execution = zone('debug_traceCall');
      if (!execution.traceCall) throw methodNotFound('debug_traceCall');
      p.atMost(3);
      const request = callRequest(p);
      const config = tracerConfig(p, 2, options.servePcTracer);
      const view = stateAt(store, p.has(1) ? p.blockTag(1, 'blockNumber') : 'latest', endpoint.miner?.pending);
      return formatTrace(await execution.traceCall(view.stateRoot, view.context, request, traceRequestOf(config)), config);
    },
    debug_traceBlockByNumber: (p) => traceBlock('debug_traceBlockByNumber', byNumber(p.atMost(2)), p),
    debug_traceBlockByHash: (p) => traceBlock('debug_traceBlockByHash', byHash(p.atMost(2)), p),
  };
}
