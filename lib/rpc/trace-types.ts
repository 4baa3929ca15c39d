/**
 * What a transaction did inside: geth's `callTracer` call tree and `prestateTracer` state, as
 * domain values (bigint, lower-case hex, Maps), never the wire's hex strings. Made by the strict
 * parsers in lib/rpc/parse/trace.ts; drawn by the tx page's Trace and State changes tabs; the
 * index stores the internal transfers (lib/index/derivations/internal-transfers.ts).
 *
 * Browser-safe: types and pure helpers only.
 */
import type { Address, Hash, Hex } from 'viem';
import type { ChainName } from '@/lib/protocol/chains';

/** The opcode that opened a frame (geth's callTracer `type`). */
export type CallType = 'CALL' | 'STATICCALL' | 'DELEGATECALL' | 'CALLCODE' | 'CREATE' | 'CREATE2' | 'SELFDESTRUCT';

export const CALL_TYPES: readonly CallType[] = ['CALL', 'STATICCALL', 'DELEGATECALL', 'CALLCODE', 'CREATE', 'CREATE2', 'SELFDESTRUCT'];

/** A log a frame emitted (callTracer with `withLog`); `position` is its index among the tx's logs, when the node says. */
export interface CallLog {
  readonly address: Address;
  readonly topics: readonly Hash[];
  readonly data: Hex;
  readonly position: number | null;
}

/** One frame of geth's callTracer. */
export interface CallFrame {
  readonly type: CallType;
  readonly from: Address;
  /** null only for a CREATE/CREATE2 that failed (geth drops its address). */
  readonly to: Address | null;
  /** null when the frame carries no value field (STATICCALL, DELEGATECALL: geth omits it). */
  readonly value: bigint | null;
  readonly gas: bigint;
  readonly gasUsed: bigint;
  /** Calldata, or the init code of a CREATE. */
  readonly input: Hex;
  /** Return data (the deployed code of a CREATE); null when the node sent none (failed frames other than reverts). */
  readonly output: Hex | null;
  /** "execution reverted", "out of gas", …; null when the frame succeeded. */
  readonly error: string | null;
  /** The decoded Error(string) / Panic of a revert, as the node gave it. */
  readonly revertReason: string | null;
  readonly calls: readonly CallFrame[];
  /** Only with `withLog`; empty otherwise. */
  readonly logs: readonly CallLog[];
}

/**
 * Where each frame's code was: the devnet's `lastPcTracer`, or the same read from geth's struct
 * logger (lib/trace/frame-pcs.ts). The tree has the callTracer's shape, frame for frame.
 */
export interface FramePcs {
  /** The frame's type and `to` as this tracer saw them (null when read from the struct logger), to check it against the call tree. */
  readonly type: CallType | null;
  readonly to: Address | null;
  /** The frame's last program counters, oldest first; empty when no code ran (a transfer, a precompile). */
  readonly pcs: readonly number[];
  /** The caller's pc at the opcode that opened this frame; null for the root. */
  readonly openedAt: number | null;
  readonly calls: readonly FramePcs[];
}

/** One step of geth's struct logger, the fields read here. */
export interface StructLogStep {
  readonly pc: number;
  readonly op: string;
  /** 1 for the transaction's own frame. */
  readonly depth: number;
  readonly error: string | null;
}

/** geth's struct logger's answer (debug_trace* without a tracer). */
export interface StructLog {
  readonly gas: bigint;
  readonly failed: boolean;
  readonly returnValue: Hex;
  readonly steps: readonly StructLogStep[];
}

/**
 * One account in a prestateTracer answer. geth omits what is empty or unchanged, and so does this
 * type: null is "the node did not send it" (see stateChangesOf for what that means per mode).
 */
export interface AccountState {
  readonly balance: bigint | null;
  readonly nonce: bigint | null;
  readonly code: Hex | null;
  /** slot → 32-byte value; only the slots the node listed. */
  readonly storage: ReadonlyMap<Hash, Hash>;
}

/** prestateTracer without diffMode: each account the transaction touched, as it was before. */
export type Prestate = ReadonlyMap<Address, AccountState>;

/**
 * prestateTracer with `diffMode: true`: `pre` holds the accounts the transaction changed as they
 * were (unchanged ones left out), `post` what changed (only the changed fields and slots; a slot
 * set to zero and an account deleted are absent from `post`).
 */
export interface StateDiff {
  readonly pre: Prestate;
  readonly post: Prestate;
}

/** One changed value, before and after. */
export interface Change<T> {
  readonly before: T;
  readonly after: T;
}

/** One account's changes with geth's omissions resolved (lib/trace/state-changes.ts). */
export interface AccountChanges {
  readonly address: Address;
  /** created: absent before; deleted: absent after (selfdestruct). */
  readonly lifecycle: 'created' | 'deleted' | 'changed';
  readonly balance: Change<bigint> | null;
  readonly nonce: Change<bigint> | null;
  readonly code: Change<Hex> | null;
  /** Changed slots, in slot order; a missing side is zero. */
  readonly storage: readonly (Change<Hash> & { readonly slot: Hash })[];
}

/**
 * A value transfer below the root call: a CALL/CALLCODE/CREATE/CREATE2 with value > 0 or a
 * SELFDESTRUCT that moved a balance. What the index stores and `txlistinternal` serves.
 */
export interface InternalTransfer {
  readonly chain: ChainName;
  readonly txHash: Hash;
  readonly blockNumber: bigint;
  readonly txIndex: number;
  /** The frame's path from the root: its index among the root's calls, then among that frame's…, joined by "_" ("0", "0_1"). Etherscan's traceId. */
  readonly traceId: string;
  readonly type: CallType;
  readonly from: Address;
  /** The recipient; for a CREATE the created contract (also in `contractAddress`). */
  readonly to: Address;
  /** The created contract of a CREATE/CREATE2, else null. */
  readonly contractAddress: Address | null;
  readonly value: bigint;
  readonly gas: bigint;
  readonly gasUsed: bigint;
  readonly input: Hex;
  /** The frame's own error, or the nearest failed ancestor's (then no value moved); null when it moved. */
  readonly error: string | null;
}
