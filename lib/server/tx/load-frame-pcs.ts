/**
 * Where each frame of a traced transaction's code was (`FramePcs`), for the source lines of a
 * failure: asked only when a failure's frames run verified code. The devnet's `lastPcTracer`
 * answers in one small tree; a node without it (go-quai: "tracer not found", or a JavaScript
 * error for the name) is asked geth's struct logger instead, without stack, memory or storage, and
 * each frame's last pcs are read from its steps (lib/trace/frame-pcs.ts). A transaction past
 * STRUCT_LOG_MAX_GAS is not replayed step by step (its log would be hundreds of megabytes): its
 * lines are then unknown, and said so. Both answers are checked against the call tree.
 *
 * A chain whose node refused the lastPcTracer is remembered for PROBE_AGAIN_MS, so each failure
 * asks the struct logger straight away.
 */
import type { Chain, ChainName } from '@/lib/protocol/chains';
import type { BlockTag, CallRequest, Hash } from '@/lib/rpc/domain';
import { clientOf, workClientOf } from '@/lib/server/node/clients';
import { describeFailure, isNodeBusy, isNodeDown, isUnserved } from '@/lib/server/node/node-errors';
import { fitsCallTree, framePcsFromStructLog } from '@/lib/trace/frame-pcs';
import type { CallFrame, FramePcs } from '@/lib/rpc/trace-types';
import { processWide } from '@/lib/ops/process-wide';

/** Above this gas a transaction's struct log is not asked for: at one entry per 2–3 gas it would be too large to read. */
export const STRUCT_LOG_MAX_GAS = 3_000_000n;
const PROBE_AGAIN_MS = 5 * 60_000;

/** Chains whose node refused the lastPcTracer, and when (one per process, lib/ops/process-wide.ts: Next bundles pages and routes apart). */
function refused(): Map<ChainName, number> {
  return processWide('server.noPcTracer', () => new Map<ChainName, number>());
}

export type FramePcsLoad =
  | { readonly kind: 'ok'; readonly pcs: FramePcs; readonly source: 'lastPcTracer' | 'structLogger' }
  /** No program counters, and why (the line is then unknown). `transient`: may pass, so the page is not stored. */
  | { readonly kind: 'none'; readonly reason: string; readonly transient: boolean };

/** What is traced: a mined transaction by hash, or a message on a block's state (a dry run). */
export type PcsTarget = { readonly hash: Hash } | { readonly request: CallRequest; readonly blockTag: BlockTag };

/** A mined transaction through the chain's client; a dry run's message, the caller's code, through its lane of node work. */
const clientFor = (chain: Chain, target: PcsTarget) => ('hash' in target ? clientOf(chain) : workClientOf(chain));

async function lastPcTracer(chain: Chain, target: PcsTarget): Promise<FramePcs> {
  const client = clientFor(chain, target);
  return 'hash' in target
    ? client.traceTransaction({ hash: target.hash, tracer: 'lastPcTracer' })
    : client.traceCall({ request: target.request, blockTag: target.blockTag, tracer: 'lastPcTracer' });
}

async function structLogger(chain: Chain, target: PcsTarget) {
  const client = clientFor(chain, target);
  const logConfig = { disableStack: true, disableStorage: true, enableMemory: false, enableReturnData: false };
  return 'hash' in target
    ? client.traceTransaction({ hash: target.hash, tracer: 'structLogger', logConfig })
    : client.traceCall({ request: target.request, blockTag: target.blockTag, tracer: 'structLogger', logConfig });
}

const mismatch = (tracer: string): FramePcsLoad => ({ kind: 'none', reason: `the node's ${tracer} does not have the call tree's shape, so no frame's line can be named`, transient: false });

/** `call`: the transaction's call tree; `gasUsed`: what it used (a struct log is asked only below STRUCT_LOG_MAX_GAS). */
export async function loadFramePcs(chain: Chain, target: PcsTarget, call: CallFrame, gasUsed: bigint): Promise<FramePcsLoad> {
  const seen = refused().get(chain.name);
  if (seen === undefined || Date.now() - seen > PROBE_AGAIN_MS) {
    try {
      const pcs = await lastPcTracer(chain, target);
      refused().delete(chain.name);
      return fitsCallTree(pcs, call) ? { kind: 'ok', pcs, source: 'lastPcTracer' } : mismatch('lastPcTracer');
    } catch (error) {
      if (isNodeDown(error)) return { kind: 'none', reason: `the node did not answer: ${describeFailure(error)}`, transient: true };
      if (isNodeBusy(error)) return { kind: 'none', reason: describeFailure(error), transient: true };
      if (isUnserved(error)) return { kind: 'none', reason: `${chain.label}'s node does not trace, so the line is unknown`, transient: false };
      // Any other refusal: a node without this tracer (geth reads an unknown name as JavaScript).
      refused().set(chain.name, Date.now());
    }
  }
  if (gasUsed > STRUCT_LOG_MAX_GAS) {
    return { kind: 'none', reason: `the node gives program counters only step by step (its struct logger), and a transaction of ${gasUsed} gas is too long to replay that way`, transient: false };
  }
  try {
    const pcs = framePcsFromStructLog(await structLogger(chain, target), call);
    return pcs ? { kind: 'ok', pcs, source: 'structLogger' } : mismatch('struct logger');
  } catch (error) {
    return { kind: 'none', reason: `the node's struct logger did not answer: ${describeFailure(error)}`, transient: isNodeDown(error) || isNodeBusy(error) };
  }
}
