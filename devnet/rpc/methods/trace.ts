/**
 * geth's tracing methods, as go-quai nodes built with the tracer package serve them:
 * `debug_traceTransaction(hash, { tracer, tracerConfig })`, `debug_traceBlockByNumber` and
 * `debug_traceBlockByHash`, with the native `callTracer` and `prestateTracer` (trace-format.ts
 * for their JSON). Zone-only; "method not found" unless the endpoint serves tracing (on by
 * default; `--no-trace`), so the explorer is tested against a node without them too.
 *
 * A trace is the block re-executed on its parent's state (execution/trace-block.ts), once per
 * block and recorder: the traces of a block are kept by its hash (a block never changes), so an
 * index's backfill, a second explorer's and the transaction page's reads re-execute it once.
 */
import { LRUCache } from 'lru-cache';
import type { Hex } from 'viem';
import type { BlockContext, TxTrace } from '../../execution/api';
import type { SealedBlock } from '../../chain/block';
import { invalidParam, methodNotFound, serverError } from '../errors';
import type { Json } from '../format';
import type { Params } from '../params';
import { formatCallFrame, formatPrestate, formatStateDiff } from '../trace-format';
import type { Handlers, MethodContext } from './context';

interface TracerConfig {
  readonly tracer: 'callTracer' | 'prestateTracer';
  readonly onlyTopCall: boolean;
  readonly withLog: boolean;
  readonly diffMode: boolean;
}

const flag = (config: Record<string, unknown>, key: string, index: number): boolean => {
  const value = config[key];
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw invalidParam(index, 'config', `tracerConfig.${key}: expected true or false`);
  return value;
};

/** The tracer argument (`{ tracer, tracerConfig, timeout }`); geth's struct logger (no tracer) is not offered. */
function tracerConfig(p: Params, index: number): TracerConfig {
  const options = p.has(index) ? p.object(index, 'config') : {};
  const tracer = options.tracer;
  if (tracer !== 'callTracer' && tracer !== 'prestateTracer') {
    throw serverError(`tracer ${tracer === undefined ? '(none: the opcode logger)' : JSON.stringify(tracer)} is not served by the devnet; use callTracer or prestateTracer`);
  }
  const raw = options.tracerConfig ?? {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalidParam(index, 'config', 'tracerConfig: expected an object');
  const config = raw as Record<string, unknown>;
  return { tracer, onlyTopCall: flag(config, 'onlyTopCall', index), withLog: flag(config, 'withLog', index), diffMode: flag(config, 'diffMode', index) };
}

function formatTrace(trace: TxTrace, config: TracerConfig): Json {
  if (config.tracer === 'callTracer') return formatCallFrame(trace.frame, config);
  return config.diffMode ? formatStateDiff(trace) : formatPrestate(trace);
}

export function traceMethods({ store, zone, options, byNumber, byHash }: MethodContext): Handlers {
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
    return trace(parent.header.stateRoot, ctx, block.transactions, { only, withLog: config.withLog, prestate: config.tracer === 'prestateTracer' });
  };

  /** Every transaction of a block traced, shared by block hash and what the tracer records. */
  const blockTraces = new LRUCache<string, Promise<TxTrace[]>>({ max: 512 });
  const traceWhole = (method: string, block: SealedBlock, config: TracerConfig): Promise<TxTrace[]> => {
    tracing(method);
    const key = `${block.hash}|${config.tracer === 'prestateTracer' ? 'prestate' : 'call'}|${config.withLog}`;
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
    const config = tracerConfig(p, 1);
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
      const config = tracerConfig(p, 1);
      const mined = store.transaction(hash);
      // geth's wording for a hash it has not indexed (pending or unknown).
      if (!mined) throw serverError('transaction not found');
      const traces = await traceWhole('debug_traceTransaction', mined.block, config);
      const trace = traces.find((t) => t.hash.toLowerCase() === hash.toLowerCase());
      if (!trace) throw serverError('transaction not found');
      return formatTrace(trace, config);
    },
    debug_traceBlockByNumber: (p) => traceBlock('debug_traceBlockByNumber', byNumber(p.atMost(2)), p),
    debug_traceBlockByHash: (p) => traceBlock('debug_traceBlockByHash', byHash(p.atMost(2)), p),
  };
}
