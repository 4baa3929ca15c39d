/**
 * What one transaction did inside, recorded from the EVM's own events while it runs: the call tree
 * (beforeMessage/afterMessage, and `step` for the opcode that opened each frame, SELFDESTRUCT and
 * LOGs) and every account and slot it touched (for the prestate tracer). Used only while tracing
 * (trace-block.ts re-executes a block on its parent state with one attached); mining never
 * listens, so blocks cost nothing extra.
 *
 * The frames follow geth's callTracer (eth/tracers/native/call.go): a DELEGATECALL or CALLCODE
 * frame goes from the calling contract to the code's address; a failed CREATE has no `to`;
 * output is kept for reverts only among failed frames; SELFDESTRUCT is a frame of its own
 * carrying the balance it sent, with no gas.
 */
import type { EVM, EVMResult, InterpreterStep, Message } from '@ethereumjs/evm';
import { bytesToHex, setLengthLeft, bigIntToBytes } from '@ethereumjs/util';
import { decodeAbiParameters, type Address, type Hex } from 'viem';

export type FrameType = 'CALL' | 'STATICCALL' | 'DELEGATECALL' | 'CALLCODE' | 'CREATE' | 'CREATE2' | 'SELFDESTRUCT';

export interface TraceLog {
  readonly address: Address;
  readonly topics: readonly Hex[];
  readonly data: Hex;
  /** Index among its frame's calls when it was emitted (geth's `position`). */
  readonly position: number;
}

export interface Frame {
  type: FrameType;
  from: Address;
  to: Address | null;
  /** null: the frame carries no value (STATICCALL, DELEGATECALL). */
  value: bigint | null;
  gas: bigint;
  gasUsed: bigint;
  input: Hex;
  output: Hex | null;
  error: string | null;
  revertReason: string | null;
  calls: Frame[];
  logs: TraceLog[];
}

const OPENERS = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2']);
/** Opcodes whose stack top is an address the transaction reads (geth's prestate tracer looks them up). */
const ADDRESS_AT_TOP = new Set(['BALANCE', 'EXTCODESIZE', 'EXTCODECOPY', 'EXTCODEHASH', 'SELFDESTRUCT']);

const lower = (a: string): Address => a.toLowerCase() as Address;
const word = (n: bigint): Hex => bytesToHex(setLengthLeft(bigIntToBytes(n), 32)) as Hex;
const addressOf = (n: bigint): Address => lower(`0x${n.toString(16).padStart(40, '0').slice(-40)}`);

/** geth's error texts where ethereumjs words them otherwise. */
function gethError(error: string): string {
  return error === 'revert' ? 'execution reverted' : error;
}

const PANICS: Readonly<Record<number, string>> = {
  0x00: 'generic panic', 0x01: 'assert(false)', 0x11: 'arithmetic underflow or overflow', 0x12: 'division or modulo by zero',
  0x21: 'enum overflow', 0x22: 'invalid encoded storage byte array accessed', 0x31: 'out-of-bounds array access; popping on an empty array',
  0x32: 'out-of-bounds access of an array or bytesN', 0x41: 'out of memory', 0x51: 'uninitialized function',
};

/** geth's abi.UnpackRevert: Error(string) or Panic(uint256); null when the data is neither. */
export function revertReasonOf(output: Hex): string | null {
  try {
    if (output.startsWith('0x08c379a0')) return decodeAbiParameters([{ type: 'string' }], `0x${output.slice(10)}`)[0];
    if (output.startsWith('0x4e487b71')) {
      const [code] = decodeAbiParameters([{ type: 'uint256' }], `0x${output.slice(10)}`);
      return PANICS[Number(code)] ?? `unknown panic code: 0x${code.toString(16)}`;
    }
  } catch {
    // Not well-formed: no reason, like geth.
  }
  return null;
}

export class TxTracer {
  private readonly stack: Frame[] = [];
  private root: Frame | null = null;
  /** The opcode that opened the next message (set by its step, read by beforeMessage). */
  private opener: string | null = null;
  /** Accounts and (account, slot) pairs the transaction touched, for the prestate tracer. */
  readonly accounts = new Set<Address>();
  readonly slots = new Map<Address, Set<Hex>>();
  private readonly listeners: { readonly event: 'beforeMessage' | 'afterMessage' | 'step'; readonly fn: (data: never) => void }[] = [];

  constructor(private readonly options: { readonly withLog?: boolean } = {}) {}

  attach(evm: EVM): void {
    const on = <E extends 'beforeMessage' | 'afterMessage' | 'step'>(event: E, fn: (data: E extends 'beforeMessage' ? Message : E extends 'afterMessage' ? EVMResult : InterpreterStep) => void) => {
      evm.events.on(event, fn as never);
      this.listeners.push({ event, fn: fn as never });
    };
    on('beforeMessage', (m) => this.enter(m as Message));
    on('afterMessage', (r) => this.exit(r as EVMResult));
    on('step', (s) => this.step(s as InterpreterStep));
  }

  detach(evm: EVM): void {
    for (const l of this.listeners) evm.events.off(l.event, l.fn as never);
    this.listeners.length = 0;
  }

  touch(address: Address | string): void {
    this.accounts.add(lower(address));
  }

  private touchSlot(address: Address, slot: bigint): void {
    this.touch(address);
    const key = lower(address);
    let set = this.slots.get(key);
    if (!set) this.slots.set(key, (set = new Set()));
    set.add(word(slot));
  }

  private enter(m: Message): void {
    const depth = this.stack.length;
    const creates = m.to === undefined;
    let type: FrameType;
    if (depth === 0) type = creates ? 'CREATE' : 'CALL';
    else if (creates) type = this.opener === 'CREATE2' || m.salt !== undefined ? 'CREATE2' : 'CREATE';
    else type = (this.opener && OPENERS.has(this.opener) ? this.opener : m.delegatecall ? 'DELEGATECALL' : 'CALL') as FrameType;
    this.opener = null;
    const delegated = type === 'DELEGATECALL' || type === 'CALLCODE';
    // DELEGATECALL/CALLCODE run another's code in the caller's context: geth names the code's address as `to`.
    const from = lower(delegated ? (m.to ?? m.caller).toString() : m.caller.toString());
    const to = creates ? null : lower(delegated ? m.codeAddress.toString() : (m.to ?? m.caller).toString());
    if (to) this.touch(to);
    this.touch(m.caller.toString());
    const frame: Frame = {
      type, from, to, value: type === 'STATICCALL' || type === 'DELEGATECALL' ? null : m.value, gas: m.gasLimit, gasUsed: 0n,
      input: bytesToHex(creates ? (m.code instanceof Uint8Array ? m.code : m.data) : m.data) as Hex, output: null, error: null, revertReason: null,
      calls: [], logs: [],
    };
    const parent = this.stack[this.stack.length - 1];
    if (parent) parent.calls.push(frame);
    else this.root = frame;
    this.stack.push(frame);
  }

  private exit(r: EVMResult): void {
    const frame = this.stack.pop();
    if (!frame) return;
    const exec = r.execResult;
    frame.gasUsed = exec.executionGasUsed;
    if (r.createdAddress) {
      frame.to = lower(r.createdAddress.toString());
      this.touch(frame.to);
    }
    const output = bytesToHex(exec.returnValue) as Hex;
    const error = exec.exceptionError?.error;
    if (error === undefined) {
      frame.output = output;
      return;
    }
    frame.error = gethError(error);
    if (frame.type === 'CREATE' || frame.type === 'CREATE2') frame.to = null;
    if (error === 'revert') {
      frame.output = output;
      frame.revertReason = revertReasonOf(output);
    }
    // A failed frame's logs were discarded with its state (geth's clearFailedLogs).
    const clear = (f: Frame): void => {
      f.logs = [];
      f.calls.forEach(clear);
    };
    clear(frame);
  }

  private step(s: InterpreterStep): void {
    const name = s.opcode.name;
    const top = s.stack[s.stack.length - 1];
    const here = lower(s.address.toString());
    if (OPENERS.has(name)) {
      this.opener = name;
      // CALL-family: the target address is the second item (after gas).
      const target = s.stack[s.stack.length - 2];
      if (name !== 'CREATE' && name !== 'CREATE2' && target !== undefined) this.touch(addressOf(target));
      return;
    }
    if ((name === 'SLOAD' || name === 'SSTORE') && top !== undefined) {
      this.touchSlot(here, top);
      return;
    }
    if (ADDRESS_AT_TOP.has(name) && top !== undefined) this.touch(addressOf(top));
    if (name === 'SELFDESTRUCT' && top !== undefined) {
      const parent = this.stack[this.stack.length - 1];
      parent?.calls.push({
        type: 'SELFDESTRUCT', from: here, to: addressOf(top), value: s.account.balance, gas: 0n, gasUsed: 0n, input: '0x',
        output: null, error: null, revertReason: null, calls: [], logs: [],
      });
      return;
    }
    if (this.options.withLog && name.startsWith('LOG')) {
      const n = Number(name.slice(3));
      const len = s.stack.length;
      const offset = Number(s.stack[len - 1] ?? 0n);
      const size = Number(s.stack[len - 2] ?? 0n);
      const topics = Array.from({ length: n }, (_, i) => word(s.stack[len - 3 - i] ?? 0n));
      const data = new Uint8Array(size);
      data.set(s.memory.slice(offset, offset + size));
      const frame = this.stack[this.stack.length - 1];
      frame?.logs.push({ address: here, topics, data: bytesToHex(data) as Hex, position: frame.calls.length });
    }
  }

  /** The root frame once the message ran; null before. */
  result(): Frame | null {
    return this.root;
  }
}
