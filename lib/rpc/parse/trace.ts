/**
 * Parsers for geth's tracers as go-quai's tracer package serves them through `debug_traceTransaction`
 * and `debug_traceBlockBy{Number,Hash}`: callTracer frames and prestateTracer accounts (plain or
 * `diffMode` {pre, post}). Strict like every other parser: a malformed field is a FieldError naming
 * its path (`trace.calls[0].gasUsed: …`), which the transport makes an InvalidResponseError (a 502).
 *
 * Leniency, named: prestate `nonce` is a JSON number in geth (uint64 without hexutil), a quantity
 * is accepted too; storage values may be quantities in some forks and are widened to 32 bytes.
 */
import type { Address, Hash, Hex } from 'viem';
import { CALL_TYPES, type AccountState, type CallFrame, type CallLog, type CallType, type FramePcs, type Prestate, type StateDiff, type StructLog, type StructLogStep } from '@/lib/rpc/trace-types';
import { isAddress, isQuantity } from '@/lib/protocol/hex';
import { address, array, boolean, data, fail, field, hash, looseData, object, optional, quantity, string, type Reader } from './fields';

const callType: Reader<CallType> = (value, path) => {
  const upper = typeof value === 'string' ? value.toUpperCase() : value;
  if (typeof upper !== 'string' || !(CALL_TYPES as readonly string[]).includes(upper)) fail(path, `one of ${CALL_TYPES.join(', ')}`, value);
  return upper as CallType;
};

const callLog: Reader<CallLog> = (value, path) => {
  const r = object(value, path);
  const position = field(r, path, 'position', optional(quantity));
  return {
    address: field(r, path, 'address', address),
    topics: field(r, path, 'topics', (v, p) => array(v, p, hash)),
    data: field(r, path, 'data', data),
    position: position === undefined ? null : Number(position),
  };
};

/** geth omits empty strings; an empty one reads as none. */
const optionalText: Reader<string | null> = (value, path) => {
  const s = optional(string)(value, path);
  return s === undefined || s === '' ? null : s;
};

/** One callTracer frame and its calls, recursively; `path` names it in errors. */
export const parseCallFrame: Reader<CallFrame> = (value, path) => {
  const r = object(value, path);
  const type = field(r, path, 'type', callType);
  const to = field(r, path, 'to', optional(address));
  return {
    type,
    from: field(r, path, 'from', address),
    to: to ?? null,
    value: field(r, path, 'value', optional(quantity)) ?? null,
    gas: field(r, path, 'gas', quantity),
    gasUsed: field(r, path, 'gasUsed', quantity),
    input: field(r, path, 'input', optional(data)) ?? ('0x' as Hex),
    output: field(r, path, 'output', optional(data)) ?? null,
    error: field(r, path, 'error', optionalText),
    revertReason: field(r, path, 'revertReason', optionalText),
    calls: field(r, path, 'calls', optional((v, p) => array(v, p, parseCallFrame))) ?? [],
    logs: field(r, path, 'logs', optional((v, p) => array(v, p, callLog))) ?? [],
  };
};

/** A program counter or depth: a JSON integer ≥ 0 (geth's uint64 without hexutil). */
const count: Reader<number> = (value, path) => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  return fail(path, 'a whole number', value);
};

/** One lastPcTracer frame (the devnet's) and its calls. */
export const parseFramePcs: Reader<FramePcs> = (value, path) => {
  const r = object(value, path);
  const openedAt = field(r, path, 'openedAt', optional(count));
  return {
    type: field(r, path, 'type', optional(callType)) ?? null,
    to: field(r, path, 'to', optional(address)) ?? null,
    pcs: field(r, path, 'pcs', (v, p) => array(v, p, count)),
    openedAt: openedAt ?? null,
    calls: field(r, path, 'calls', optional((v, p) => array(v, p, parseFramePcs))) ?? [],
  };
};

const structStep: Reader<StructLogStep> = (value, path) => {
  const r = object(value, path);
  return {
    pc: field(r, path, 'pc', count),
    op: field(r, path, 'op', string),
    depth: field(r, path, 'depth', count),
    error: field(r, path, 'error', optionalText),
  };
};

/** geth's struct logger: `{ gas, failed, returnValue, structLogs }`; only each step's pc, op, depth and error are read. */
export const parseStructLog: Reader<StructLog> = (value, path) => {
  const r = object(value, path);
  const gas = field(r, path, 'gas', (v, p) => (typeof v === 'number' ? BigInt(count(v, p)) : quantity(v, p)));
  return {
    gas,
    failed: field(r, path, 'failed', boolean),
    // geth 1.10 writes it without 0x.
    returnValue: field(r, path, 'returnValue', optional(looseData)) ?? ('0x' as Hex),
    steps: field(r, path, 'structLogs', (v, p) => array(v, p, structStep)),
  };
};

/** A prestate nonce: geth sends a JSON number; a hex quantity is accepted too. */
const nonce: Reader<bigint> = (value, path) => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (isQuantity(value)) return BigInt(value);
  return fail(path, 'a nonce (a JSON integer or a hex quantity)', value);
};

/** A storage word: 32-byte hex, or a quantity some forks send, widened to 32 bytes. */
const word: Reader<Hash> = (value, path) => {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value)) return value.toLowerCase() as Hash;
  if (isQuantity(value)) return `0x${BigInt(value).toString(16).padStart(64, '0')}` as Hash;
  return fail(path, 'a 32-byte storage word', value);
};

const accountState: Reader<AccountState> = (value, path) => {
  const r = object(value, path);
  const storage = new Map<Hash, Hash>();
  const raw = field(r, path, 'storage', optional(object));
  for (const [slot, v] of Object.entries(raw ?? {})) storage.set(word(slot, `${path}.storage key ${slot.slice(0, 20)}`), word(v, `${path}.storage[${slot}]`));
  return {
    balance: field(r, path, 'balance', optional(quantity)) ?? null,
    nonce: field(r, path, 'nonce', optional(nonce)) ?? null,
    code: field(r, path, 'code', optional(data)) ?? null,
    storage,
  };
};

/** prestateTracer without diffMode: address → account. */
export const parsePrestate: Reader<Prestate> = (value, path) => {
  const r = object(value, path);
  const out = new Map<Address, AccountState>();
  for (const [key, v] of Object.entries(r)) {
    if (!isAddress(key)) fail(`${path} key`, '20-byte address', key);
    out.set(key.toLowerCase() as Address, accountState(v, `${path}[${key}]`));
  }
  return out;
};

/** prestateTracer with diffMode: { pre, post }. */
export const parseStateDiff: Reader<StateDiff> = (value, path) => {
  const r = object(value, path);
  return { pre: field(r, path, 'pre', parsePrestate), post: field(r, path, 'post', parsePrestate) };
};

/** debug_traceBlockBy*: one `{ txHash?, result }` (or `{ error }`) per transaction, in block order. */
export function parseBlockTraces<T>(value: unknown, path: string, result: Reader<T>): readonly { readonly txHash: Hash | null; readonly result: T }[] {
  return array(value, path, (v, p) => {
    const r = object(v, p);
    if (r.error !== undefined && r.result === undefined) fail(`${p}.result`, 'a trace', `error: ${String(r.error)}`);
    return { txHash: field(r, p, 'txHash', optional(hash)) ?? null, result: field(r, p, 'result', result) };
  });
}
