/**
 * geth's struct logger (eth/tracers/logger/logger.go, go-quai's copy): the default tracer of
 * `debug_traceTransaction` and `debug_traceCall` when no `tracer` is named, one entry per executed
 * opcode. Its JSON, as go-quai's release of geth 1.10 writes it:
 *
 *   { gas, failed, returnValue, structLogs: [{ pc, op, gas, gasCost, depth, error?, stack?,
 *     memory?, storage?, refund? }] }
 *
 * `returnValue` is hex without 0x; `stack` items are 0x quantities, `memory` 32-byte words and
 * `storage` keys and values hex without 0x. The config is geth's LogConfig: `disableStack`,
 * `disableStorage`, `enableMemory`, `enableReturnData` (ignored: geth 1.10 logs none per step),
 * `limit` (entries kept, 0 for all). `depth` starts at 1 for the transaction's own frame; the
 * entry of the opcode that failed a frame carries the error, as geth's CaptureFault does.
 */
import type { EVM, EVMResult, InterpreterStep } from '@ethereumjs/evm';
import { bytesToHex, setLengthLeft, bigIntToBytes } from '@ethereumjs/util';
import type { Address, Hex } from 'viem';
import { gethError } from './tracer';

export interface StructLogConfig {
  readonly disableStack?: boolean;
  readonly disableStorage?: boolean;
  readonly enableMemory?: boolean;
  /** Entries kept, 0 for all. */
  readonly limit?: number;
}

export interface StructLogEntry {
  readonly pc: number;
  readonly op: string;
  readonly gas: bigint;
  readonly gasCost: bigint;
  readonly depth: number;
  error?: string;
  readonly stack?: readonly bigint[];
  /** 32-byte words, hex without 0x. */
  readonly memory?: readonly string[];
  /** The contract's slots this transaction read or wrote so far, on SLOAD and SSTORE only. */
  readonly storage?: Readonly<Record<string, string>>;
  readonly refund?: bigint;
}

export interface StructLogResult {
  readonly gas: bigint;
  readonly failed: boolean;
  /** Hex without 0x, as geth 1.10 writes it. */
  readonly returnValue: string;
  readonly structLogs: readonly StructLogEntry[];
}

const word = (n: bigint): string => bytesToHex(setLengthLeft(bigIntToBytes(n), 32)).slice(2);

export class StructLogger {
  readonly logs: StructLogEntry[] = [];
  /** Per open frame: its last entry (the one a failure is written on) and that step's opcode and stack height. */
  private readonly last: ({ readonly index: number; readonly op: string; readonly code: number; readonly stack: number } | undefined)[] = [];
  private readonly storage = new Map<Address, Record<string, string>>();
  private readonly listeners: { readonly event: 'beforeMessage' | 'afterMessage' | 'step'; readonly fn: (...args: never[]) => void }[] = [];

  constructor(private readonly config: StructLogConfig = {}) {}

  attach(evm: EVM): void {
    const on = (event: 'beforeMessage' | 'afterMessage' | 'step', fn: (...args: never[]) => void) => {
      evm.events.on(event, fn as never);
      this.listeners.push({ event, fn });
    };
    on('beforeMessage', () => this.last.push(undefined));
    on('afterMessage', ((r: EVMResult) => this.exit(r)) as never);
    // A listener of two arguments is awaited by the EVM: SLOAD's value is read from the state first.
    if (this.config.disableStorage) on('step', ((s: InterpreterStep) => this.step(s, undefined)) as never);
    else on('step', ((s: InterpreterStep, done: () => void) => void this.stepWithStorage(s).finally(done)) as never);
  }

  detach(evm: EVM): void {
    for (const l of this.listeners) evm.events.off(l.event, l.fn as never);
    this.listeners.length = 0;
  }

  private full(): boolean {
    const limit = this.config.limit ?? 0;
    return limit > 0 && this.logs.length >= limit;
  }

  private async stepWithStorage(s: InterpreterStep): Promise<void> {
    const name = s.opcode.name;
    if (name !== 'SLOAD' && name !== 'SSTORE') return this.step(s, undefined);
    const here = s.address.toString().toLowerCase() as Address;
    const slots = this.storage.get(here) ?? {};
    this.storage.set(here, slots);
    const slot = s.stack[s.stack.length - 1] ?? 0n;
    if (name === 'SSTORE') slots[word(slot)] = word(s.stack[s.stack.length - 2] ?? 0n);
    else {
      const value = await s.stateManager.getStorage(s.address, setLengthLeft(bigIntToBytes(slot), 32));
      slots[word(slot)] = bytesToHex(setLengthLeft(value, 32)).slice(2);
    }
    this.step(s, { ...slots });
  }

  private step(s: InterpreterStep, storage: Record<string, string> | undefined): void {
    if (this.full()) return;
    const memory = this.config.enableMemory
      ? Array.from({ length: Math.ceil(s.memory.length / 32) }, (_, i) => bytesToHex(setLengthLeft(s.memory.slice(i * 32, i * 32 + 32), 32)).slice(2))
      : undefined;
    this.logs.push({
      pc: s.pc,
      op: s.opcode.name,
      gas: s.gasLeft,
      gasCost: s.opcode.dynamicFee ?? BigInt(s.opcode.fee),
      depth: s.depth + 1,
      ...(this.config.disableStack ? {} : { stack: [...s.stack] }),
      ...(memory ? { memory } : {}),
      ...(storage ? { storage } : {}),
      ...(s.gasRefund > 0n ? { refund: s.gasRefund } : {}),
    });
    this.last[this.last.length - 1] = { index: this.logs.length - 1, op: s.opcode.name, code: s.opcode.code, stack: s.stack.length };
  }

  private exit(r: EVMResult): void {
    const last = this.last.pop();
    const error = r.execResult.exceptionError?.error;
    if (error === undefined || last === undefined) return;
    const entry = this.logs[last.index];
    if (entry && entry.error === undefined) entry.error = gethError(error, last);
  }
}

/** The result for a transaction whose run gave `gasUsed`, its error if any and its return data. */
export function structLogResult(logger: StructLogger, run: { readonly gasUsed: bigint; readonly error?: string; readonly returnValue?: Hex }): StructLogResult {
  return { gas: run.gasUsed, failed: run.error !== undefined, returnValue: (run.returnValue ?? '0x').slice(2), structLogs: logger.logs };
}
