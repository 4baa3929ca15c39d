/**
 * Traces in geth's JSON (eth/tracers/native/call.go and prestate.go, go-quai's copies of them):
 *
 * callTracer: `{ type, from, gas, gasUsed, to, input, output, error, revertReason, calls, logs,
 * value }` with hex quantities; `to` absent for a failed CREATE, `value` absent for STATICCALL and
 * DELEGATECALL, `output`/`error`/`revertReason`/`calls`/`logs` absent when empty. `onlyTopCall`
 * drops the calls, `withLog` adds each frame's logs.
 *
 * prestateTracer: address → `{ balance, code, nonce, storage }`, `nonce` a JSON number (geth's
 * uint64 without hexutil), `code`, `nonce` (0) and `storage` left out when empty. With diffMode:
 * `{ pre, post }` where only changed accounts appear, `post` holds only the changed fields and the
 * slots changed to non-zero values, `pre` leaves out zero slots and unchanged ones, a deleted
 * account is absent from `post` and an account created by the transaction absent from `pre`.
 */
import type { Address, Hex } from 'viem';
import type { StructLogResult } from '../execution/struct-logger';
import type { AccountSnapshot, TxTrace } from '../execution/api';
import type { Frame } from '../execution/tracer';
import { q, type Json } from './format';

const ZERO_WORD = `0x${'0'.repeat(64)}`;

export function formatCallFrame(frame: Frame, options: { readonly onlyTopCall?: boolean; readonly withLog?: boolean } = {}): { [key: string]: Json } {
  const out: { [key: string]: Json } = { type: frame.type, from: frame.from, gas: q(frame.gas), gasUsed: q(frame.gasUsed) };
  if (frame.to !== null) out.to = frame.to;
  out.input = frame.input;
  if (frame.output !== null && frame.output !== '0x') out.output = frame.output;
  if (frame.error !== null) out.error = frame.error;
  if (frame.revertReason !== null) out.revertReason = frame.revertReason;
  if (!options.onlyTopCall && frame.calls.length > 0) out.calls = frame.calls.map((c) => formatCallFrame(c, options));
  if (options.withLog && frame.logs.length > 0) {
    out.logs = frame.logs.map((l) => ({ address: l.address, topics: [...l.topics], data: l.data, position: q(l.position) }));
  }
  if (frame.value !== null) out.value = q(frame.value);
  return out;
}

/**
 * lastPcTracer (the devnet's own): the call tree's shape, each frame `{ type, to, pcs, openedAt,
 * calls }` in the callTracer's order — `pcs` its last program counters (oldest first, empty when
 * no code ran), `openedAt` the caller's pc at the opcode that opened it (absent for the root).
 */
export function formatPcFrame(frame: Frame): { [key: string]: Json } {
  const out: { [key: string]: Json } = { type: frame.type };
  if (frame.to !== null) out.to = frame.to;
  out.pcs = [...frame.pcs];
  if (frame.openedAt !== null) out.openedAt = frame.openedAt;
  if (frame.calls.length > 0) out.calls = frame.calls.map(formatPcFrame);
  return out;
}

/** geth 1.10's ExecutionResult: numbers for gas and pc, stack items as 0x quantities. */
export function formatStructLog(result: StructLogResult): { [key: string]: Json } {
  return {
    gas: Number(result.gas),
    failed: result.failed,
    returnValue: result.returnValue,
    structLogs: result.structLogs.map((l) => {
      const out: { [key: string]: Json } = { pc: l.pc, op: l.op, gas: Number(l.gas), gasCost: Number(l.gasCost), depth: l.depth };
      if (l.error !== undefined) out.error = l.error;
      if (l.stack) out.stack = l.stack.map((v) => q(v));
      if (l.memory) out.memory = [...l.memory];
      if (l.storage) out.storage = { ...l.storage };
      if (l.refund !== undefined) out.refund = Number(l.refund);
      return out;
    }),
  };
}

function account(fields: { balance?: bigint; code?: Hex; nonce?: bigint; storage?: ReadonlyMap<Hex, Hex> }): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  if (fields.balance !== undefined) out.balance = q(fields.balance);
  if (fields.code !== undefined && fields.code !== '0x') out.code = fields.code;
  if (fields.nonce !== undefined && fields.nonce !== 0n) out.nonce = Number(fields.nonce);
  if (fields.storage && fields.storage.size > 0) out.storage = Object.fromEntries([...fields.storage].sort(([a], [b]) => (a < b ? -1 : 1)));
  return out;
}

const sorted = <T>(map: ReadonlyMap<Address, T>): [Address, T][] => [...map].sort(([a], [b]) => (a < b ? -1 : 1));

/** prestateTracer without diffMode: every touched account as it was before. */
export function formatPrestate(trace: TxTrace): { [key: string]: Json } {
  return Object.fromEntries(sorted(trace.pre).map(([address, a]) => [address, account(a)]));
}

/** prestateTracer with diffMode, geth's processDiffState. */
export function formatStateDiff(trace: TxTrace): { [key: string]: Json } {
  const pre: { [key: string]: Json } = {};
  const post: { [key: string]: Json } = {};
  for (const [address, before] of sorted(trace.pre)) {
    const after: AccountSnapshot | undefined = trace.post.get(address);
    const deleted = before.exists && (!after || !after.exists);
    const changedSlots = new Map<Hex, Hex>();
    const preSlots = new Map<Hex, Hex>();
    for (const [slot, value] of before.storage) {
      const now = after?.storage.get(slot) ?? ZERO_WORD;
      if (now === value) continue;
      if (value !== ZERO_WORD) preSlots.set(slot, value);
      if (now !== ZERO_WORD) changedSlots.set(slot, now as Hex);
    }
    if (deleted) {
      // The deleted account's state stays in `pre`; it is pruned from `post`.
      pre[address] = account({ balance: before.balance, code: before.code, nonce: before.nonce, storage: preSlots });
      continue;
    }
    if (!after) continue;
    const fields: { balance?: bigint; code?: Hex; nonce?: bigint; storage?: ReadonlyMap<Hex, Hex> } = {};
    if (after.balance !== before.balance) fields.balance = after.balance;
    if (after.nonce !== before.nonce) fields.nonce = after.nonce;
    if (after.code !== before.code) fields.code = after.code;
    const modified = fields.balance !== undefined || fields.nonce !== undefined || fields.code !== undefined || changedSlots.size > 0 || preSlots.size > 0;
    if (!modified) continue;
    if (changedSlots.size > 0) fields.storage = changedSlots;
    post[address] = account(fields);
    // An account the transaction created had no state before: it has no `pre` entry.
    if (before.exists) pre[address] = account({ balance: before.balance, code: before.code, nonce: before.nonce, storage: preSlots });
  }
  return { pre, post };
}
