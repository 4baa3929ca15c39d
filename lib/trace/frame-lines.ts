/**
 * The source lines of a failure: for each frame on the way from the transaction down to where a
 * failure started, the line of verified source its code stopped on (the frame that raised it) or
 * called the next frame from (every frame above it), read from the frames' program counters
 * (`FramePcs`) through the contracts' source maps (lib/contracts/source-map.ts). Where a line cannot
 * be given the answer says why: no program counters from the node, code not verified here,
 * verified before source maps were kept, or only generated code ran. Pure and browser-safe.
 */
import type { Address } from 'viem';
import { indexCode, lineOfPc, lineOfPcs, SourceTexts, type CodeIndex } from '@/lib/contracts/source-map';
import type { VerifiedContract } from '@/lib/contracts/types';
import { pathFrames } from './failure';
import { pathText, type FramePath } from './frame-tree';
import type { CallFrame, FramePcs } from '@/lib/rpc/trace-types';

export type LineRef =
  | {
      readonly kind: 'line';
      /** The contract whose verified source holds the line. */
      readonly address: Address;
      /** Its verified name, `Name` of `path:Name`. */
      readonly contractName: string;
      readonly path: string;
      /** The file's index among the verified sources (as stored): what the Contract tab's line anchors name. */
      readonly fileIndex: number;
      readonly line: number;
      readonly text: string;
    }
  | { readonly kind: 'unknown'; readonly reason: string };

export interface FrameLine {
  /** Where the frame's code stopped: for the frame a failure started in. */
  readonly stopped?: LineRef;
  /** The caller's line that opened this frame. */
  readonly calledFrom?: LineRef;
}

/** A verified contract's code indexed once for reading lines (the server keeps these per contract). */
export interface VerifiedCode {
  readonly contract: VerifiedContract;
  readonly runtime: CodeIndex | null;
  readonly creation: CodeIndex | null;
  readonly texts: SourceTexts;
}

export function verifiedCodeOf(contract: VerifiedContract): VerifiedCode {
  const maps = contract.sourceMaps;
  const contents = new Map(contract.sources.map((s) => [s.path, s.content]));
  return {
    contract,
    runtime: maps?.runtime ? indexCode(maps.runtime) : null,
    creation: maps?.creation ? indexCode(maps.creation) : null,
    texts: new SourceTexts(maps?.sources ?? [], (path) => contents.get(path)),
  };
}

/** What is known of an address's code: verified (with its index), not verified, or not known now (why). */
export type CodeLookup = { readonly kind: 'verified'; readonly code: VerifiedCode } | { readonly kind: 'unverified' } | { readonly kind: 'unknown'; readonly reason: string };

const unknown = (reason: string): LineRef => ({ kind: 'unknown', reason });

/** The code that ran in a frame: a CREATE's creation code, else the runtime code of `to` (for a DELEGATECALL, the code's address). */
function codeIn(frame: CallFrame, codeOf: (address: Address) => CodeLookup): { code: VerifiedCode; index: CodeIndex } | LineRef {
  if (!frame.to) return unknown('the contract was not created, so there is no verified source to read');
  const found = codeOf(frame.to);
  if (found.kind === 'unknown') return unknown(found.reason);
  if (found.kind === 'unverified') return unknown(`${frame.to} is not verified on this explorer: verify its source to see the line`);
  const creates = frame.type === 'CREATE' || frame.type === 'CREATE2';
  const index = creates ? found.code.creation : found.code.runtime;
  if (!found.code.contract.sourceMaps) return unknown('verified before this explorer kept source maps: verify it again to see lines');
  if (!index) return unknown(`the compiler gave no source map for the ${creates ? 'creation' : 'runtime'} code`);
  return { code: found.code, index };
}

function lineRef(code: VerifiedCode, line: { path: string; line: number; text: string } | null, generated: string): LineRef {
  if (!line) return unknown(generated);
  const { contract } = code;
  const fileIndex = contract.sources.findIndex((s) => s.path === line.path);
  return { kind: 'line', address: contract.address, contractName: contract.contractName.slice(contract.contractName.lastIndexOf(':') + 1), fileIndex, ...line };
}

function pcsAt(pcs: FramePcs, path: FramePath): FramePcs | undefined {
  let at: FramePcs | undefined = pcs;
  for (const i of path) at = at?.calls[i];
  return at;
}

/**
 * The lines of the frames on the way to each of `failures` (the paths where failures started),
 * keyed by path text. `pcs` null: the node gave no program counters, `noPcs` says why.
 */
export function failureLines(
  root: CallFrame,
  failures: readonly FramePath[],
  pcs: FramePcs | null,
  noPcs: string,
  codeOf: (address: Address) => CodeLookup,
): Map<string, FrameLine> {
  const out = new Map<string, FrameLine>();
  for (const failure of failures) {
    const frames = pathFrames(root, failure);
    frames.forEach(({ path, frame }, i) => {
      const key = pathText(path);
      const last = i === frames.length - 1;
      const entry: { stopped?: LineRef; calledFrom?: LineRef } = { ...out.get(key) };
      if (last) entry.stopped = stoppedLine(frame, pcs && pcsAt(pcs, path), pcs ? null : noPcs, codeOf);
      if (i > 0) entry.calledFrom = calledFromLine(frames[i - 1]!.frame, pcs && pcsAt(pcs, path), pcs ? null : noPcs, codeOf);
      out.set(key, entry);
    });
  }
  return out;
}

function stoppedLine(frame: CallFrame, pcs: FramePcs | null | undefined, noPcs: string | null, codeOf: (address: Address) => CodeLookup): LineRef {
  const code = codeIn(frame, codeOf);
  if ('kind' in code) return code;
  if (noPcs !== null) return unknown(noPcs);
  if (!pcs || pcs.pcs.length === 0) return unknown('no code of this frame ran');
  return lineRef(code.code, lineOfPcs(code.index, code.code.texts, pcs.pcs), 'it stopped in code the compiler generated, which no source line names');
}

function calledFromLine(caller: CallFrame, pcs: FramePcs | null | undefined, noPcs: string | null, codeOf: (address: Address) => CodeLookup): LineRef {
  const code = codeIn(caller, codeOf);
  if ('kind' in code) return code;
  if (noPcs !== null) return unknown(noPcs);
  if (!pcs || pcs.openedAt === null) return unknown('the node did not say where the caller called from');
  return lineRef(code.code, lineOfPc(code.index, code.code.texts, pcs.openedAt), 'the call is in code the compiler generated');
}
