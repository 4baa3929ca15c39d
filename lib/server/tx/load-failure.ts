/**
 * Why a mined transaction failed, or which of its calls reverted inside a success, for the
 * overview's status row and the Trace tab: from the trace the page already read (./load-trace-view.ts),
 * decoded with the ABIs of the failing code (verified, else attached, else the tables), with the
 * lines of verified source each failure started on and was called from (./load-frame-pcs.ts and
 * lib/trace/frame-lines.ts). Where the node does not trace, the failed transaction is replayed with
 * `call` on the state of the block before its own, and the page says it was replayed.
 *
 * Nothing here fails the page: what cannot be said is said as unknown, with why; a reason that may
 * pass (the node did not answer) marks the page not to be stored.
 */
import { LRUCache } from 'lru-cache';
import { isHex, type Address, type Hex } from 'viem';
import type { Chain } from '@/lib/protocol/chains';
import { decodeCall } from '@/lib/decode/calls';
import type { Transaction } from '@/lib/rpc/domain';
import { clientOf } from '@/lib/server/node/clients';
import { describeFailure, isNodeDown, isRefused, isUnserved } from '@/lib/server/node/node-errors';
import { lookupVerifiedContract } from '@/lib/server/contracts/load-verified';
import { bareEvmError } from '@/lib/trace/evm-errors';
import { failureOrigin, innerReverts, pathFrames, whyFailed, type AbiWithOrigin, type FailedFrame, type FailureWhy } from '@/lib/trace/failure';
import { failureLines, verifiedCodeOf, type CodeLookup, type FrameLine, type LineRef, type VerifiedCode } from '@/lib/trace/frame-lines';
import { pathText, type FramePath } from '@/lib/trace/frame-tree';
import type { CallFrame } from '@/lib/rpc/trace-types';
import type { VerifiedContract } from '@/lib/contracts/types';
import { loadFramePcs, type FramePcsLoad, type PcsTarget } from './load-frame-pcs';
import type { TxPageData } from './load-tx';
import type { TraceView } from './load-trace-view';
import { traceAbiBook, type TraceAbis } from './trace-abis';
import { databaseErrorsFor, databaseErrorsOf, NO_DATABASE_ERRORS, type DatabaseErrors } from './database-errors';
import { processWide } from '@/lib/ops/process-wide';

/** One frame on the way down to a failure: its code, function and the line it called down from. */
export interface FailureCaller {
  readonly pathText: string;
  readonly address: Address | null;
  readonly contractName: string | null;
  readonly line: LineRef;
}

/** Where a failure started and why, with the lines from the transaction down to it. */
export interface FailureSite {
  readonly path: FramePath;
  readonly pathText: string;
  /** The code that failed (a frame's `to`); null for a creation that failed. */
  readonly address: Address | null;
  /** Its verified name, when verified here. */
  readonly contractName: string | null;
  /** The function it was called with, decoded with its ABI or the table. */
  readonly functionName: string | null;
  readonly why: FailureWhy;
  /** The line its code stopped on. */
  readonly line: LineRef;
  /** Every frame above it that called down, the transaction's own first. */
  readonly callers: readonly FailureCaller[];
}

export type TxFailure =
  /** From the node's trace: the failure of a failed transaction, the reverts caught inside a successful one. */
  | {
      readonly kind: 'traced';
      readonly reverted: FailureSite | null;
      readonly inner: readonly FailureSite[];
      /** Lines per frame (path text), for the Trace tab. */
      readonly lines: ReadonlyMap<string, FrameLine>;
      /** Where the program counters came from, or why there are none. */
      readonly pcs: { readonly source: 'lastPcTracer' | 'structLogger' } | { readonly source: null; readonly reason: string };
      /** Something failed that may pass: the page says it and is not stored. */
      readonly transient: string | null;
    }
  /** The node does not trace: the failed transaction run again with `call` on the block before its own. */
  | { readonly kind: 'replayed'; readonly blockNumber: bigint; readonly why: FailureWhy | null; readonly transient: string | null }
  /** Why nothing can be said. */
  | { readonly kind: 'unknown'; readonly reason: string; readonly transient: string | null };

/** At most this many failures of one transaction get lines (a success that caught hundreds shows the first). */
const MAX_SITES = 20;

/** Verified code indexed for lines, per contract and verification (kept: indexing a contract's code is the costly part). */
function codeCache(): LRUCache<string, VerifiedCode> {
  return processWide('server.verifiedCode', () => new LRUCache<string, VerifiedCode>({ max: 200 }));
}

function indexed(contract: VerifiedContract): VerifiedCode {
  const key = `${contract.address}@${contract.verifiedAt}@${contract.matchKind}`;
  const cache = codeCache();
  let code = cache.get(key);
  if (!code) cache.set(key, (code = verifiedCodeOf(contract)));
  return code;
}

/** Each address's verified code, or why it is not known. */
async function codeLookups(addresses: Iterable<Address>): Promise<(address: Address) => CodeLookup> {
  const found = new Map<string, CodeLookup>();
  await Promise.all(
    [...new Set([...addresses].map((a) => a.toLowerCase()))].map(async (address) => {
      try {
        const lookup = await lookupVerifiedContract(address as Address);
        found.set(address, lookup.state === 'verified' ? { kind: 'verified', code: indexed(lookup.contract) }
          : lookup.state === 'unverified' ? { kind: 'unverified' } : { kind: 'unknown', reason: `whether ${address} is verified cannot be said now: ${lookup.reason}` });
      } catch (error) {
        found.set(address, { kind: 'unknown', reason: `the verified-source store did not answer: ${describeFailure(error)}` });
      }
    }),
  );
  return (address) => found.get(address.toLowerCase()) ?? { kind: 'unverified' };
}

const abiWith = (abis: TraceAbis, named: DatabaseErrors = NO_DATABASE_ERRORS) => (frame: CallFrame): AbiWithOrigin => {
  if (!frame.to) return undefined;
  const abi = abis.abiOf(frame.to);
  const origin = abis.originOf(frame.to);
  if (abi && origin) return { abi, origin };
  // No ABI of its own: the signature database's error for what it reverted with, if any.
  const selector = frame.output && frame.output.length >= 10 ? frame.output.slice(0, 10).toLowerCase() : null;
  if (!selector || named.abi.length === 0) return undefined;
  return { abi: named.abi, origin: named.guessed.has(selector) ? 'guessed' : 'database' };
};

function siteOf(root: CallFrame, failure: FailedFrame, lines: ReadonlyMap<string, FrameLine>, abis: TraceAbis, codeOf: (a: Address) => CodeLookup): FailureSite {
  const nameOf = (address: Address | null) => {
    const code = address ? codeOf(address) : null;
    return code?.kind === 'verified' ? code.code.contract.contractName.slice(code.code.contract.contractName.lastIndexOf(':') + 1) : null;
  };
  const frames = pathFrames(root, failure.path);
  const { frame } = failure;
  const call = frame.type === 'CREATE' || frame.type === 'CREATE2' ? null : decodeCall(frame.input, frame.to ? abis.abiOf(frame.to) : undefined);
  const key = pathText(failure.path);
  return {
    path: failure.path,
    pathText: key,
    address: frame.to,
    contractName: nameOf(frame.to),
    functionName: call?.kind === 'call' ? call.functionName : frame.type === 'CREATE' || frame.type === 'CREATE2' ? 'constructor' : null,
    why: failure.why,
    line: lines.get(key)?.stopped ?? { kind: 'unknown', reason: 'not read' },
    callers: frames.slice(0, -1).map(({ frame: caller }, i) => {
      const below = pathText(frames[i + 1]!.path);
      return { pathText: pathText(frames[i]!.path), address: caller.to, contractName: nameOf(caller.to), line: lines.get(below)?.calledFrom ?? { kind: 'unknown', reason: 'not read' } };
    }),
  };
}

/** The failures of a traced call tree with their lines; shared by the tx page and the dry run. */
export async function failuresOfTrace(chain: Chain, call: CallFrame, target: PcsTarget, gasUsed: bigint): Promise<Extract<TxFailure, { kind: 'traced' }> | null> {
  const failedRoot = call.error !== null;
  // The origins and the frames above them are the only ones whose ABIs and code are read.
  const roughAbi = () => undefined;
  const rough = failedRoot ? [failureOrigin(call, [], roughAbi)].filter((f): f is FailedFrame => f !== null) : innerReverts(call, roughAbi);
  if (rough.length === 0) return null;
  const sites = rough.slice(0, MAX_SITES);
  const addresses = sites.flatMap((s) => pathFrames(call, s.path).map((f) => f.frame.to)).filter((a): a is Address => a !== null);
  const [abis, codeOf, named] = await Promise.all([traceAbiBook(addresses), codeLookups(addresses), databaseErrorsOf(call)]);
  const abiOf = abiWith(abis, named);
  const failures = failedRoot ? [failureOrigin(call, [], abiOf)!] : innerReverts(call, abiOf).slice(0, MAX_SITES);
  // Program counters are asked only when a line could be read: some frame on the way runs verified code with source maps.
  const anyMaps = addresses.some((a) => {
    const code = codeOf(a);
    return code.kind === 'verified' && code.code.contract.sourceMaps !== null;
  });
  const pcs: FramePcsLoad = anyMaps ? await loadFramePcs(chain, target, call, gasUsed) : { kind: 'none', reason: 'no frame on the way runs code verified here', transient: false };
  const lines = failureLines(call, failures.map((f) => f.path), pcs.kind === 'ok' ? pcs.pcs : null, pcs.kind === 'ok' ? '' : pcs.reason, codeOf);
  const placed = failures.map((f) => siteOf(call, f, lines, abis, codeOf));
  return {
    kind: 'traced',
    reverted: failedRoot ? (placed[0] ?? null) : null,
    inner: failedRoot ? [] : placed,
    lines,
    pcs: pcs.kind === 'ok' ? { source: pcs.source } : { source: null, reason: pcs.reason },
    transient: pcs.kind === 'none' && pcs.transient ? pcs.reason : null,
  };
}

/** The revert data a node's error carries (geth: `data`, the revert's bytes as hex). */
function errorData(error: unknown): Hex | null {
  const data = (error as { data?: unknown }).data;
  return typeof data === 'string' && isHex(data) && data.length % 2 === 0 ? (data.toLowerCase() as Hex) : null;
}

/** The failed transaction run again with `call` on the state before its block: what a node without tracing can still say. */
async function replay(chain: Chain, tx: Transaction): Promise<TxFailure> {
  if (tx.blockNumber === null || tx.blockNumber === 0n) return { kind: 'unknown', reason: 'the transaction is not in a block', transient: null };
  const blockNumber = tx.blockNumber - 1n;
  const request = { from: tx.from, ...(tx.to ? { to: tx.to } : {}), data: tx.input, value: tx.value, gas: tx.gas };
  try {
    await clientOf(chain).call({ request, blockTag: blockNumber });
    return { kind: 'replayed', blockNumber, why: null, transient: null };
  } catch (error) {
    if (isNodeDown(error)) return { kind: 'unknown', reason: `the replay got no answer: ${describeFailure(error)}`, transient: describeFailure(error) };
    if (isUnserved(error)) return { kind: 'unknown', reason: `${chain.label}'s node serves neither traces nor calls`, transient: null };
    if (!isRefused(error)) return { kind: 'unknown', reason: `the replay failed: ${describeFailure(error)}`, transient: describeFailure(error) };
    const message = bareEvmError((error as { rpcMessage?: string }).rpcMessage ?? (error instanceof Error ? error.message : String(error)));
    const abis = tx.to ? await traceAbiBook([tx.to]) : null;
    const data = errorData(error);
    const named = data ? await databaseErrorsFor([data]) : NO_DATABASE_ERRORS;
    const frame = { to: tx.to ?? null, output: data } as CallFrame;
    let why = whyFailed(message, data, abis ? abiWith(abis, named)(frame) : undefined);
    // A node that says the reason only in its message ("execution reverted: …") and sends no data.
    const said = /^execution reverted: (.+)$/s.exec(message);
    if (why.kind === 'bare-revert' && said?.[1]) why = { kind: 'reason', text: said[1] };
    return { kind: 'replayed', blockNumber, why, transient: null };
  }
}

/**
 * The failure of a mined transaction, the reverts inside a successful one, or null when there is
 * nothing to say (a success without inner reverts, a pending transaction, no receipt).
 */
export async function loadTxFailure(data: TxPageData, trace: TraceView): Promise<TxFailure | null> {
  const { chain, tx, receipt } = data;
  const rcpt = receipt.served ? receipt.value : null;
  if (!tx.blockHash || !rcpt) return null;
  const failed = rcpt.status === 'reverted';
  switch (trace.kind) {
    case 'ok':
      return failuresOfTrace(chain, trace.trace.call, { hash: tx.hash }, rcpt.gasUsed);
    case 'unsupported':
      return failed && tx.type !== 1 ? replay(chain, tx) : null;
    case 'failed':
      return failed ? { kind: 'unknown', reason: trace.reason, transient: trace.reason } : null;
    case 'pending':
      return null;
  }
}
