/**
 * Tracing by re-execution, as geth does it: a block's transactions run again on its parent's
 * state, in the order the block ran them (its ETX credits first, then its own transactions: see
 * ZoneExecution.executeBlock), with a TxTracer attached to the ones asked for. Nothing is kept:
 * the whole run sits inside one state checkpoint that is reverted at the end.
 *
 * For the prestate tracer a traced transaction runs twice: once with the recorder inside a
 * checkpoint (the call tree, what it touched, and the state after), reverted to read the touched
 * accounts as they were before, then again unrecorded so the transactions after it see its
 * effects. For the call tracer it runs once, recorded.
 */
import { bytesToHex, hexToBytes, setLengthLeft } from '@ethereumjs/util';
import { EVMError, type EVM } from '@ethereumjs/evm';
import type { MerkleStateManager } from '@ethereumjs/statemanager';
import type { Address, Hex } from 'viem';
import { ExecutionError, type AccountSnapshot, type BlockContext, type TraceRequest, type TxRecord, type TxTrace } from './api';
import { intrinsicGasOf } from './decode';
import { ethAddress } from './evm-env';
import { applyInboundEtx, applyTransaction, InvalidTransactionError } from './state-transition';
import { StructLogger, structLogResult, type StructLogResult } from './struct-logger';
import { TxTracer, type Frame } from './tracer';

async function snapshot(sm: MerkleStateManager, tracer: TxTracer): Promise<Map<Address, AccountSnapshot>> {
  const out = new Map<Address, AccountSnapshot>();
  for (const address of tracer.accounts) {
    const a = ethAddress(address);
    const account = await sm.getAccount(a);
    const storage = new Map<Hex, Hex>();
    for (const slot of tracer.slots.get(address) ?? []) {
      const value = account ? await sm.getStorage(a, hexToBytes(slot)) : new Uint8Array();
      storage.set(slot, bytesToHex(setLengthLeft(value, 32)) as Hex);
    }
    out.set(address, {
      exists: account !== undefined,
      balance: account?.balance ?? 0n,
      nonce: account?.nonce ?? 0n,
      code: (account ? bytesToHex(await sm.getCode(a)) : '0x') as Hex,
      storage,
    });
  }
  return out;
}

/** The frame of a transaction that ran no EVM: a plain transfer to no code, an ETX send, a credit to an account. */
function flatFrame(tx: TxRecord, from: Address, gasUsed: bigint): Frame {
  return {
    type: 'CALL', from, to: tx.to, value: tx.value, gas: tx.gas, gasUsed, input: tx.data, output: '0x',
    error: null, revertReason: null, calls: [], logs: [], pcs: [], openedAt: null,
  };
}

/** geth's answer to a trace still running at its TraceConfig.timeout. */
export class TraceTimeoutError extends ExecutionError {
  override name = 'TraceTimeoutError';
  constructor() {
    super('execution timeout');
  }
}

/**
 * What a trace watches on the EVM's `step`, read every 256 steps (a few microseconds apart):
 *
 * - its deadline (TraceRequest.timeoutMs, geth's TraceConfig.timeout): once past it, every step
 *   halts its frame with an error of the EVM's own kind, so each frame unwinds and reverts as a
 *   failing one does and the environment is left clean; the trace is then answered
 *   TraceTimeoutError rather than the frames it cut short;
 * - the devnet's other requests: every BREATH_MS of execution it lets the event loop turn, so a
 *   long trace (a loop to the gas cap is seconds of recorded steps here) does not stop every other
 *   chain's answers meanwhile. Nothing else uses this environment while the trace holds its lock.
 */
class StepWatch {
  passed = false;
  private steps = 0;
  private breathed = performance.now();
  // Two parameters: ethereumjs then awaits `resume` (its `_emit`), which is how the event loop gets its turn.
  private readonly onStep = (_step: unknown, resolve?: () => void): void => {
    const resume = resolve ?? (() => undefined);
    if ((++this.steps & 255) !== 0 && !this.passed) return resume();
    const now = performance.now();
    if (this.passed || (this.at !== null && now > this.at)) {
      this.passed = true;
      throw new EVMError(EVMError.errorMessages.INTERNAL_ERROR);
    }
    if (now - this.breathed < BREATH_MS) return resume();
    this.breathed = now;
    setImmediate(resume);
  };

  private constructor(private readonly at: number | null) {}

  /** Watching `evm` from now, with the request's deadline when it has one. */
  static start(evm: EVM, request: TraceRequest): StepWatch {
    const watch = new StepWatch(request.timeoutMs === undefined ? null : performance.now() + request.timeoutMs);
    evm.events.on('step', watch.onStep);
    return watch;
  }

  stop(evm: EVM): void {
    evm.events.off('step', this.onStep);
  }

  /** Throws TraceTimeoutError once the deadline has passed (a run it cut short is no trace). */
  check(): void {
    if (this.passed || (this.at !== null && performance.now() > this.at)) throw new TraceTimeoutError();
  }
}

/** How long a trace runs before it lets the devnet's event loop turn. */
const BREATH_MS = 20;

type RunResult = { gasUsed: bigint; error?: string; returnValue?: Hex };
type Run = (evm: EVM) => Promise<RunResult>;

/** What one traced run records: the call tree (always), and the struct log when asked. */
class Recorders {
  readonly tracer: TxTracer;
  private readonly logger: StructLogger | null;

  constructor(request: TraceRequest) {
    this.tracer = new TxTracer({ withLog: request.withLog === true, withPcs: request.pcs === true });
    this.logger = request.structLog ? new StructLogger(request.structLog) : null;
  }

  async run(evm: EVM, run: Run): Promise<RunResult> {
    this.tracer.attach(evm);
    this.logger?.attach(evm);
    try {
      return await run(evm);
    } finally {
      this.tracer.detach(evm);
      this.logger?.detach(evm);
    }
  }

  structLog(result: RunResult): StructLogResult | undefined {
    return this.logger ? structLogResult(this.logger, result) : undefined;
  }
}

/** Runs the transaction once with the recorder attached and keeps its effects: the call tree only. */
async function tracedOnce(evm: EVM, tx: TxRecord, from: Address, run: Run, request: TraceRequest): Promise<TxTrace> {
  const recorders = new Recorders(request);
  const result = await recorders.run(evm, run);
  const frame = recorders.tracer.result() ?? flatFrame(tx, from, result.gasUsed);
  frame.gas = tx.gas;
  frame.gasUsed = result.gasUsed;
  return { hash: tx.hash, frame, pre: new Map(), post: new Map(), structLog: recorders.structLog(result) };
}

async function traced(sm: MerkleStateManager, evm: EVM, tx: TxRecord, from: Address, touched: readonly Address[], run: Run, request: TraceRequest): Promise<TxTrace> {
  const recorders = new Recorders(request);
  const { tracer } = recorders;
  for (const a of touched) tracer.touch(a);
  await sm.checkpoint();
  let result;
  let post;
  try {
    result = await recorders.run(evm, run);
    post = await snapshot(sm, tracer);
  } finally {
    // Back to the state before the transaction, whatever happened: the environment is reused.
    await sm.revert();
  }
  const pre = await snapshot(sm, tracer);
  const frame = tracer.result() ?? flatFrame(tx, from, result.gasUsed);
  // The root's gas is the transaction's, its gasUsed the receipt's (intrinsic gas and refund included), as geth reports.
  frame.gas = tx.gas;
  frame.gasUsed = result.gasUsed;
  return { hash: tx.hash, frame, pre, post, structLog: recorders.structLog(result) };
}

/**
 * Re-executes `transactions` (a sealed zone block's list: its own, then its ETX credits) on the
 * parent state `sm` is positioned at, tracing those asked for. `sm` is left as it was.
 */
export async function traceTransactions(
  sm: MerkleStateManager,
  evm: EVM,
  ctx: BlockContext,
  transactions: readonly TxRecord[],
  request: TraceRequest,
): Promise<TxTrace[]> {
  const out: TxTrace[] = [];
  const wanted = (tx: TxRecord) => request.only === undefined || request.only.toLowerCase() === tx.hash.toLowerCase();
  await sm.checkpoint();
  const deadline = StepWatch.start(evm, request);
  try {
    // The block credited its inbound ETXs before running its own transactions.
    for (const tx of transactions.filter((t) => t.type === 1)) {
      const etx = { to: tx.to as Address, value: tx.value, data: tx.data, gas: tx.gas, sender: tx.sender ?? tx.from, gasFeeCap: tx.gasFeeCap };
      const run: Run = async (e) => ({ gasUsed: 0n, ...(await applyInboundEtx(sm, e, ctx, etx)) });
      if (wanted(tx)) {
        const trace = request.prestate ? await traced(sm, evm, tx, etx.sender, [etx.to], run, request) : await tracedOnce(evm, tx, etx.sender, run, request);
        // A credit is recorded with 0 gas used (the devnet's simplification, docs/devnet.md): so is its root frame.
        trace.frame.gasUsed = 0n;
        out.push(trace);
      }
      // The call tracer's run already applied the credit; the prestate tracer's was reverted.
      if (!wanted(tx) || request.prestate) await run(evm);
      if (request.only !== undefined && out.length > 0) return out;
    }
    let used = 0n;
    for (const tx of transactions.filter((t) => t.type !== 1)) {
      deadline.check();
      const crossZone = tx.type === 2;
      const run: Run = (e) => applyTransaction(sm, e, ctx, ctx.gasLimit - used, { tx, intrinsicGas: intrinsicGasOf(tx), crossZone });
      if (wanted(tx) && !request.prestate) {
        const trace = await tracedOnce(evm, tx, tx.from, run, request);
        deadline.check();
        out.push(trace);
        used += trace.frame.gasUsed;
        if (request.only !== undefined) return out;
        continue;
      }
      if (wanted(tx)) {
        const touched = crossZone ? [tx.from, ctx.miner] : [tx.from, ...(tx.to ? [tx.to] : []), ctx.miner];
        out.push(await traced(sm, evm, tx, tx.from, touched, run, request));
        deadline.check();
      }
      used += (await run(evm)).gasUsed;
      if (request.only !== undefined && out.length > 0) return out;
    }
    deadline.check();
    return out;
  } finally {
    deadline.stop(evm);
    evm.journal.cleanJournal();
    await sm.revert();
  }
}


/** A message as debug_traceCall runs it: eth_call's fields, gas bought at `gasPrice` (0 unless given). */
export interface TraceMessage {
  readonly from: Address;
  readonly to: Address | null;
  readonly gas: bigint;
  readonly gasPrice: bigint;
  readonly value: bigint;
  readonly data: Hex;
  /** `to` is in another zone: the value leaves as an ETX and no code runs here (a type 2 send). */
  readonly crossZone: boolean;
}

const NO_HASH = `0x${'0'.repeat(64)}` as Hex;

/**
 * geth's debug_traceCall: the message run as a transaction on the state `sm` is positioned at,
 * traced as asked, and nothing kept. As geth does for calls, the sender's nonce is not checked
 * (the message takes the account's next one) and a price below the base fee (0 by default) runs
 * with no base fee, so an account without funds can be traced; a price at or above it pays as a
 * transaction would, and one that cannot pay is refused as the pool would refuse it.
 */
export async function traceMessage(sm: MerkleStateManager, evm: EVM, ctx: BlockContext, message: TraceMessage, request: TraceRequest): Promise<TxTrace> {
  await sm.checkpoint();
  const deadline = StepWatch.start(evm, request);
  try {
    const account = await sm.getAccount(ethAddress(message.from));
    const tx: TxRecord = {
      hash: NO_HASH, raw: '0x', type: message.crossZone ? 2 : 0, from: message.from, chainId: 0n, nonce: account?.nonce ?? 0n,
      gasTipCap: message.gasPrice, gasFeeCap: message.gasPrice, gas: message.gas, to: message.to, value: message.value, data: message.data, accessList: [],
    };
    const context = message.gasPrice >= ctx.baseFee ? ctx : { ...ctx, baseFee: 0n };
    const run: Run = (e) => applyTransaction(sm, e, context, context.gasLimit, { tx, intrinsicGas: intrinsicGasOf(tx), crossZone: message.crossZone });
    const touched = [message.from, ...(message.to && !message.crossZone ? [message.to] : []), ctx.miner];
    let trace: TxTrace;
    try {
      trace = request.prestate ? await traced(sm, evm, tx, message.from, touched, run, request) : await tracedOnce(evm, tx, message.from, run, request);
    } catch (error) {
      // Not runnable at all (funds, intrinsic gas): geth answers the error, not a trace.
      if (error instanceof InvalidTransactionError) throw new ExecutionError(error.message);
      throw error;
    }
    deadline.check();
    return trace;
  } finally {
    deadline.stop(evm);
    evm.journal.cleanJournal();
    await sm.revert();
  }
}
