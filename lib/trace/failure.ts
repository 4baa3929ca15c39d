/**
 * Why a call failed, in words a reader takes in at a glance: the reason of a `require`/`revert`
 * (Solidity's `Error(string)`), a `Panic(uint256)` with what its code means, a custom error by
 * name with its arguments (and which ABI named it), or the EVM's own error by name (out of gas,
 * invalid opcode, stack…). Also where: the frame the failure started in (following the revert
 * data down, ./frame-tree.ts), and in a successful transaction the calls that reverted and were
 * caught. Pure and browser-safe; the tx page's status row, its Trace tab and the simulate API
 * read the same verdicts.
 */
import type { Abi, Hex } from 'viem';
import { decodeRevertData, type AbiOrigin, type RevertData } from '@/lib/decode/revert-data';
import { evmErrorOf, type EvmError } from './evm-errors';
import { frameAt, revertOrigin, type FramePath } from './frame-tree';
import type { CallFrame } from '@/lib/rpc/trace-types';

export type FailureWhy =
  | Exclude<RevertData, { readonly kind: 'empty' }>
  /** A revert without data: a bare `revert()` or `require(cond)` without a reason. */
  | { readonly kind: 'bare-revert' }
  /** The EVM stopped the frame itself (out of gas, invalid opcode, …). */
  | { readonly kind: 'evm'; readonly error: EvmError }
  /** An error text the EVM does not use (a node's own words), shown as it is. */
  | { readonly kind: 'node'; readonly text: string };

/** The ABI of a frame's code and where it comes from, when one is known. */
export type AbiWithOrigin = { readonly abi: Abi; readonly origin: AbiOrigin } | undefined;

/**
 * Why a frame failed: its revert data decoded with its code's ABI, else its error named. `data`
 * is what the frame returned (a revert's data); `error` the node's error text.
 */
export function whyFailed(error: string, data: Hex | null, abi: AbiWithOrigin): FailureWhy {
  const evm = evmErrorOf(error);
  const reverted = evm?.name === 'Reverted';
  if (reverted || (data !== null && data !== '0x')) {
    const decoded = decodeRevertData(data ?? '0x', abi);
    if (decoded.kind !== 'empty') return decoded;
    if (reverted) return { kind: 'bare-revert' };
  }
  return evm ? { kind: 'evm', error: evm } : { kind: 'node', text: error };
}

/** One line for the status row: `reverted with "…"`, `panic 0x11: …`, `Shortfall(…)`, `out of gas`. */
export function whyText(why: FailureWhy): string {
  switch (why.kind) {
    case 'reason':
      return why.text;
    case 'panic':
      return `panic 0x${why.code.toString(16).padStart(2, '0')}${why.meaning ? `: ${why.meaning}` : ''}`;
    case 'custom':
      return `${why.name}(${why.args.map((a) => `${a.name}=${a.value}`).join(', ')})`;
    case 'undecoded':
      return why.selector ? `custom error ${why.selector} (not decoded)` : `revert data ${why.data.slice(0, 18)}… (not decoded)`;
    case 'bare-revert':
      return 'reverted without a reason';
    case 'evm':
      return why.error.name;
    case 'node':
      return why.text;
  }
}

/** What decoded the reason: shown beside it so a reader knows how far to trust the names. */
export function whySource(why: FailureWhy): string | null {
  switch (why.kind) {
    case 'reason':
      return 'Error(string)';
    case 'panic':
      return 'Panic(uint256)';
    case 'custom':
      return why.decodedWith === 'verified' ? "custom error, decoded with the contract's verified ABI"
        : why.decodedWith === 'attached' ? 'custom error, decoded with the ABI attached to this address'
          : why.decodedWith === 'database' ? "custom error, named from Strata's signature database (no verified source)"
            : why.decodedWith === 'guessed' ? "custom error, guessed from Strata's signature database: other errors share its selector"
              : 'custom error, decoded with the signature table';
    case 'undecoded':
      return 'no verified or attached ABI and no table entry declares this error';
    case 'evm':
      return why.error.explanation;
    default:
      return null;
  }
}

/** A failed frame: where (its path) and why. */
export interface FailedFrame {
  readonly path: FramePath;
  readonly frame: CallFrame;
  readonly why: FailureWhy;
}

/** Where a failed frame's failure started and why, its path from the root. */
export function failureOrigin(root: CallFrame, at: FramePath, abiOf: (frame: CallFrame) => AbiWithOrigin): FailedFrame | null {
  const failed = frameAt(root, at);
  if (!failed?.error) return null;
  const origin = revertOrigin(failed);
  if (!origin) return null;
  const frame = origin.frame;
  return { path: [...at, ...origin.path], frame, why: whyFailed(frame.error ?? failed.error, frame.output, abiOf(frame)) };
}

/**
 * The calls that reverted under frames that did not: each caught failure (a `try`/`catch`, a
 * low-level call whose `false` was handled), with where it started. Depth first; the frames
 * inside a caught one are its own story, not counted again.
 */
export function innerReverts(root: CallFrame, abiOf: (frame: CallFrame) => AbiWithOrigin): FailedFrame[] {
  const out: FailedFrame[] = [];
  const walk = (frame: CallFrame, path: FramePath): void => {
    frame.calls.forEach((child, i) => {
      const at = [...path, i];
      if (!child.error) return walk(child, at);
      const found = failureOrigin(root, at, abiOf);
      if (found) out.push(found);
    });
  };
  if (!root.error) walk(root, []);
  return out;
}

/** The frames on the way from the root down to `path`, the root first (each with its path). */
export function pathFrames(root: CallFrame, path: FramePath): { readonly path: FramePath; readonly frame: CallFrame }[] {
  const out = [{ path: [] as FramePath, frame: root }];
  let frame = root;
  for (let i = 0; i < path.length; i++) {
    const next = frame.calls[path[i]!];
    if (!next) break;
    frame = next;
    out.push({ path: path.slice(0, i + 1), frame });
  }
  return out;
}
