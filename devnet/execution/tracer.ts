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
 *
 * With `withPcs` (the devnet's lastPcTracer) each frame also keeps where its code was: its last
 * PC_TAIL program counters and the caller's pc at the opcode that opened it. A source map turns
 * them into the line a frame stopped on and the line that called it, without the struct logger's
 * entry per step; the tail rather than the last pc alone, because a revert often ends in code the
 * compiler generated or shares, and the line is that of the code that jumped there.
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
  /** With `withPcs`: the frame's last program counters, oldest first (at most PC_TAIL); empty when its code never ran. */
  pcs: number[];
  /** With `withPcs`: the caller's pc at the opcode that opened this frame; null for the root. */
  openedAt: number | null;
}

/** Program counters kept per frame by the lastPcTracer. */
export const PC_TAIL = 64;

const OPENERS = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2']);
/** Opcodes whose stack top is an address the transaction reads (geth's prestate tracer looks them up). */
const ADDRESS_AT_TOP = new Set(['BALANCE', 'EXTCODESIZE', 'EXTCODECOPY', 'EXTCODEHASH', 'SELFDESTRUCT']);

const lower = (a: string): Address => a.toLowerCase() as Address;
const word = (n: bigint): Hex => bytesToHex(setLengthLeft(bigIntToBytes(n), 32)) as Hex;
const addressOf = (n: bigint): Address => lower(`0x${n.toString(16).padStart(40, '0').slice(-40)}`);

/** geth's error texts (core/vm/errors.go) where ethereumjs words them otherwise. */
const GETH_ERRORS: Readonly<Record<string, string>> = {
  revert: 'execution reverted',
  'code store out of gas': 'contract creation code storage out of gas',
  'code size to deposit exceeds maximum code size': 'max code size exceeded',
  'invalid JUMP': 'invalid jump destination',
  'static state change': 'write protection',
  'insufficient balance': 'insufficient balance for transfer',
  'create collision': 'contract address collision',
  'invalid bytecode deployed': 'invalid code: must not begin with 0xef',
  'value out of range': 'return data out of bounds',
  'initcode exceeds max initcode size': 'max initcode size exceeded',
};

/**
 * geth's text for an ethereumjs error; the stack and opcode errors name what geth names (the
 * opcode, the stack sizes), which only the failing step knows: `last` is that step, when seen.
 */
export function gethError(error: string, last?: { readonly op: string; readonly code: number; readonly stack: number }): string {
  if (error === 'invalid opcode') {
    // geth: "invalid opcode: INVALID" for 0xfe, "invalid opcode: opcode 0xef not defined" otherwise.
    if (!last) return 'invalid opcode';
    return last.code === 0xfe ? 'invalid opcode: INVALID' : `invalid opcode: opcode 0x${last.code.toString(16)} not defined`;
  }
  if (error === 'stack underflow') return last ? `stack underflow (${last.stack} <=> ${STACK_NEEDS[last.op] ?? '?'})` : 'stack underflow';
  if (error === 'stack overflow') return `stack limit reached ${last?.stack ?? 1024} (1024)`;
  return GETH_ERRORS[error] ?? error;
}

/** Stack items an opcode takes, for geth's "stack underflow (have <=> need)". */
const STACK_NEEDS: Readonly<Record<string, number>> = Object.fromEntries([
  ...['ADD', 'MUL', 'SUB', 'DIV', 'SDIV', 'MOD', 'SMOD', 'EXP', 'SIGNEXTEND', 'LT', 'GT', 'SLT', 'SGT', 'EQ', 'AND', 'OR', 'XOR', 'BYTE', 'SHL', 'SHR', 'SAR', 'KECCAK256', 'MSTORE', 'MSTORE8', 'SSTORE', 'JUMPI', 'RETURN', 'REVERT', 'LOG0'].map((op) => [op, 2]),
  ...['ISZERO', 'NOT', 'BALANCE', 'CALLDATALOAD', 'EXTCODESIZE', 'EXTCODEHASH', 'BLOCKHASH', 'POP', 'MLOAD', 'SLOAD', 'JUMP', 'SELFDESTRUCT'].map((op) => [op, 1]),
  ...['ADDMOD', 'MULMOD', 'CALLDATACOPY', 'CODECOPY', 'RETURNDATACOPY', 'CREATE', 'LOG1'].map((op) => [op, 3]),
  ['EXTCODECOPY', 4], ['CREATE2', 4], ['LOG2', 4], ['LOG3', 5], ['LOG4', 6], ['CALL', 7], ['CALLCODE', 7], ['DELEGATECALL', 6], ['STATICCALL', 6],
  ...Array.from({ length: 16 }, (_, i) => [`DUP${i + 1}`, i + 1]),
  ...Array.from({ length: 16 }, (_, i) => [`SWAP${i + 1}`, i + 2]),
]);

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

  /** Per frame on the stack, the last step seen in it (the failing opcode when the frame fails). */
  private readonly lastSteps: ({ op: string; code: number; stack: number } | undefined)[] = [];
  /** The pc of the opcode that opened the next message, in its caller. */
  private openerPc: number | null = null;

  constructor(private readonly options: { readonly withLog?: boolean; readonly withPcs?: boolean } = {}) {}

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
    const openedAt = depth === 0 ? null : this.openerPc;
    this.openerPc = null;
    const delegated = type === 'DELEGATECALL' || type === 'CALLCODE';
    // DELEGATECALL/CALLCODE run another's code in the caller's context: geth names the code's address as `to`.
    const from = lower(delegated ? (m.to ?? m.caller).toString() : m.caller.toString());
    const to = creates ? null : lower(delegated ? m.codeAddress.toString() : (m.to ?? m.caller).toString());
    if (to) this.touch(to);
    this.touch(m.caller.toString());
    const frame: Frame = {
      type, from, to, value: type === 'STATICCALL' || type === 'DELEGATECALL' ? null : m.value, gas: m.gasLimit, gasUsed: 0n,
      input: bytesToHex(creates ? (m.code instanceof Uint8Array ? m.code : m.data) : m.data) as Hex, output: null, error: null, revertReason: null,
      calls: [], logs: [], pcs: [], openedAt,
    };
    const parent = this.stack[this.stack.length - 1];
    if (parent) parent.calls.push(frame);
    else this.root = frame;
    this.stack.push(frame);
    this.lastSteps.push(undefined);
  }

  private exit(r: EVMResult): void {
    const frame = this.stack.pop();
    const last = this.lastSteps.pop();
    if (!frame) return;
    if (frame.pcs.length > PC_TAIL) frame.pcs = frame.pcs.slice(-PC_TAIL);
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
    frame.error = gethError(error, last);
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
    this.lastSteps[this.lastSteps.length - 1] = { op: name, code: s.opcode.code, stack: s.stack.length };
    if (this.options.withPcs) {
      const pcs = this.stack[this.stack.length - 1]?.pcs;
      if (pcs) {
        pcs.push(s.pc);
        // Trimmed now and then rather than per step: the tail is cut to PC_TAIL at the frame's exit.
        if (pcs.length >= 4 * PC_TAIL) pcs.splice(0, pcs.length - PC_TAIL);
      }
    }
    if (OPENERS.has(name)) {
      this.opener = name;
      this.openerPc = s.pc;
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
        output: null, error: null, revertReason: null, calls: [], logs: [], pcs: [], openedAt: s.pc,
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
