/**
 * Walking a call tree: where a revert happened and how frames are named. A frame's path is its
 * index among its parent's calls, from the root down, written as Etherscan's traceId ("0_1": the
 * second call of the root's first call); the root itself is "root". Pure and browser-safe.
 */
import type { CallFrame } from '@/lib/rpc/trace-types';

export type FramePath = readonly number[];

/** The path as the page and `txlistinternal` write it: "root", "0", "0_1". */
export function pathText(path: FramePath): string {
  return path.length === 0 ? 'root' : path.join('_');
}

/** The frame at `path`, if the tree has one there. */
export function frameAt(root: CallFrame, path: FramePath): CallFrame | undefined {
  let frame: CallFrame | undefined = root;
  for (const i of path) frame = frame?.calls[i];
  return frame;
}

/** Every frame depth first (the order they ran), with its path. */
export function* framesOf(root: CallFrame, path: FramePath = []): Generator<{ readonly frame: CallFrame; readonly path: FramePath }> {
  yield { frame: root, path };
  for (const [i, child] of root.calls.entries()) yield* framesOf(child, [...path, i]);
}

export interface RevertOrigin {
  readonly path: FramePath;
  readonly frame: CallFrame;
}

/**
 * Where the failure of a failed frame started. A caller that does not catch a revert fails with
 * the same data (Solidity bubbles it up byte for byte), so from the failed frame this goes down
 * to the last failed child whose output is the frame's own, and on until none is: that frame
 * raised it. A child that failed with other data was caught and answered differently, so the
 * frame above it is the origin. Null when `root` did not fail.
 */
export function revertOrigin(root: CallFrame): RevertOrigin | null {
  if (!root.error) return null;
  let frame = root;
  let path: number[] = [];
  for (;;) {
    const here = frame;
    const index = here.calls.findLastIndex((c) => c.error !== null && sameOutput(c, here));
    const next = index === -1 ? undefined : here.calls[index];
    if (!next) return { path, frame };
    frame = next;
    path = [...path, index];
  }
}

function sameOutput(child: CallFrame, parent: CallFrame): boolean {
  const a = child.output?.toLowerCase() ?? '0x';
  const b = parent.output?.toLowerCase() ?? '0x';
  // Out of gas returns nothing, and a `require(ok)` after it reverts with nothing: followed down too.
  return a === b;
}
