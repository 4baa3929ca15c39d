/**
 * Where each frame's code was, in the call tree's shape (`FramePcs`): the devnet's lastPcTracer
 * gives it directly; geth's struct logger (what go-quai nodes have) gives every step, from which
 * each frame's last program counters and the pc of the opcode that opened it are read here. Both
 * are checked against the callTracer's tree before use: a tree of another shape names no frame.
 * Pure and browser-safe.
 */
import type { CallFrame, FramePcs, StructLog } from '@/lib/rpc/trace-types';

/** Program counters kept per frame when read from the struct logger (the lastPcTracer keeps 64). */
export const STRUCT_LOG_TAIL = 256;

const OPENERS: ReadonlySet<string> = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2', 'SELFDESTRUCT']);

/** Whether a tracer's frames have the call tree's shape: the same calls everywhere, of the same type and to the same address where both say. */
export function fitsCallTree(pcs: FramePcs, call: CallFrame): boolean {
  if (pcs.type !== null && pcs.type !== call.type) return false;
  if (pcs.to !== null && call.to !== null && pcs.to.toLowerCase() !== call.to.toLowerCase()) return false;
  if (pcs.calls.length !== call.calls.length) return false;
  return pcs.calls.every((child, i) => fitsCallTree(child, call.calls[i]!));
}

/**
 * The struct logger's steps as each frame's last pcs and opener, frame by frame along `call`; null
 * when the steps do not follow the tree (another transaction's log, a truncated one). A frame is
 * entered by a CALL-family, CREATE or SELFDESTRUCT step; its own steps, if its code ran, follow at
 * the next depth.
 */
export function framePcsFromStructLog(log: StructLog, call: CallFrame): FramePcs | null {
  const steps = log.steps;
  let i = 0;
  const walk = (frame: CallFrame, depth: number, openedAt: number | null): FramePcs | null => {
    const pcs: number[] = [];
    const calls: FramePcs[] = [];
    while (i < steps.length && steps[i]!.depth >= depth) {
      const step = steps[i]!;
      if (step.depth > depth) return null; // steps of a frame no opener named
      pcs.push(step.pc);
      i++;
      if (!OPENERS.has(step.op)) continue;
      const child = frame.calls[calls.length];
      const ranCode = i < steps.length && steps[i]!.depth === depth + 1;
      // An opener that made no frame (a call refused before it began) is not in the tree: nothing to match.
      if (!child || (!ranCode && step.op !== child.type)) continue;
      if (ranCode) {
        const inner = walk(child, depth + 1, step.pc);
        if (!inner) return null;
        calls.push(inner);
      } else {
        calls.push(leaf(child, step.pc));
      }
    }
    if (calls.length !== frame.calls.length) return null;
    return { type: null, to: null, pcs: pcs.slice(-STRUCT_LOG_TAIL), openedAt, calls };
  };
  const root = walk(call, 1, null);
  return root && i === steps.length ? root : null;
}

/** A frame whose code never ran (a transfer, a precompile, a selfdestruct): no pcs, and no calls of its own. */
function leaf(frame: CallFrame, openedAt: number): FramePcs {
  return { type: null, to: null, pcs: [], openedAt, calls: frame.calls.length === 0 ? [] : frame.calls.map((c) => leaf(c, openedAt)) };
}
