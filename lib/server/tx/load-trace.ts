/**
 * The Trace and State changes tabs' data: a mined transaction traced by its zone's node with
 * geth's callTracer and prestateTracer (diffMode), asked together (one batch), checked against the
 * transaction, its receipt and, for the last transaction of a block, `getProof` at that block
 * (lib/checks/trace-*.ts), with the value it moved below the root (lib/trace/internal-transfers).
 *
 * `debug_traceTransaction` is served only by nodes built with the tracer package, so each chain is
 * probed by its first trace: "method not found" is remembered for PROBE_AGAIN_MS (a node may be
 * restarted with tracing) and every page of that chain then says why without asking again.
 * A trace whose block is FINALITY_DEPTH deep never changes: it is kept in an LRU by hash.
 */
import { zoneOf, type Chain, type ChainName } from '@/lib/protocol/chains';
import { answerReport, check, mergeReports, prefixed, type AnswerCheck } from '@/lib/checks/answer';
import { checkTraceRoot } from '@/lib/checks/trace-call';
import { checkPostState, proofRequests } from '@/lib/checks/trace-state';
import type { AccountProof, Address, Block, Hash, Receipt, Transaction } from '@/lib/rpc/domain';
import { coalesceShared } from '@/lib/server/cache/coalesce';
import { memoImmutable } from '@/lib/server/cache/lru';
import { processWide } from '@/lib/ops/process-wide';
import { clientOf } from '@/lib/server/node/clients';
import { cachedBlockByHash } from '@/lib/server/node/lookup';
import { isUnserved } from '@/lib/server/node/node-errors';
import { finalityDepth } from '@/lib/server/node/finality-depth';
import { internalTransfersOf } from '@/lib/trace/internal-transfers';
import type { PostStateCheck, TraceVerdict } from '@/lib/checks/trace-verdict';
import type { CallFrame, InternalTransfer, StateDiff } from '@/lib/rpc/trace-types';
import { lookupTxByHash } from './load-tx';

export type TxTraceLoad =
  /** The node does not trace (no tracer package): the tabs are hidden with this line. */
  | { readonly kind: 'unsupported'; readonly chain: ChainName | null; readonly reason: string }
  /** Not traceable now: unknown or pending transaction (the tabs say so). */
  | { readonly kind: 'unavailable'; readonly reason: string }
  | {
      readonly kind: 'ok';
      readonly chain: ChainName;
      readonly call: CallFrame;
      readonly diff: StateDiff;
      readonly checks: TraceVerdict;
      readonly internalTransfers: readonly InternalTransfer[];
    };

const PROBE_AGAIN_MS = 5 * 60_000;
const SHARE_MS = 3_000;
/** Chains whose node answered "method not found" to a trace (one map per process, lib/ops/process-wide.ts: the bundles share what one learned). */
function unsupportedChains(): Map<ChainName, { readonly at: number; readonly method: string }> {
  return processWide('trace-unsupported', () => new Map<ChainName, { readonly at: number; readonly method: string }>());
}

const unsupportedReason = (chain: Chain, method: string): string =>
  `${chain.label}'s node does not serve ${method} (a go-quai node built without the tracer package), so the call tree and state changes cannot be shown.`;

/** Whether `chain`'s node is known not to trace: the reason, or null when it traces or was not asked yet. */
export function traceUnsupported(chain: Chain): string | null {
  const seen = unsupportedChains().get(chain.name);
  if (!seen || Date.now() - seen.at > PROBE_AGAIN_MS) return null;
  return unsupportedReason(chain, seen.method);
}

interface Traced {
  readonly tx: Transaction;
  readonly receipt: Receipt | null;
  readonly tip: bigint;
}

/** Only the last transaction of a block ends in the block's state; ETX credits (type 1) are applied outside the list's order. */
async function postStateCheck(chain: Chain, tx: Transaction, block: Block<'hashes'> | null | undefined, diff: StateDiff): Promise<{ check: PostStateCheck; checks: AnswerCheck[] }> {
  if (!block || tx.blockNumber === null) return { check: { checked: false, reason: 'the including block could not be read' }, checks: [] };
  const last = block.transactions[block.transactions.length - 1];
  if (tx.type === 1) return { check: { checked: false, reason: 'an ETX credit is applied before the block’s other transactions, so the block’s state is not its post state' }, checks: [] };
  if (!last || last.toLowerCase() !== tx.hash.toLowerCase()) {
    return { check: { checked: false, reason: 'only the last transaction of a block ends in the block’s state; later transactions changed it since' }, checks: [] };
  }
  const inScope = (address: Address) => zoneOf(address).name === chain.name;
  const requests = proofRequests(diff, inScope);
  const client = clientOf(chain);
  const proofs = await Promise.all(
    requests.map((r) => client.getProof({ address: r.address, storageKeys: r.slots, blockTag: tx.blockNumber ?? 'latest' })),
  );
  const byAddress = new Map<string, AccountProof>(proofs.map((p, i) => [(requests[i]?.address ?? p.address).toLowerCase(), p]));
  const checks = checkPostState(block.stateRoot, diff, byAddress, inScope);
  return { check: { checked: true, accounts: requests.length, slots: requests.reduce((n, r) => n + r.slots.length, 0) }, checks };
}

async function traceOn(chain: Chain, found: Traced): Promise<TxTraceLoad> {
  const { tx, receipt } = found;
  const client = clientOf(chain);
  let call: CallFrame;
  let diff: StateDiff;
  try {
    [call, diff] = await Promise.all([
      client.traceTransaction({ hash: tx.hash, tracer: 'callTracer' }),
      client.traceTransaction({ hash: tx.hash, tracer: 'prestateTracer', tracerConfig: { diffMode: true } }),
    ]);
  } catch (error) {
    if (!isUnserved(error)) throw error;
    unsupportedChains().set(chain.name, { at: Date.now(), method: 'debug_traceTransaction' });
    return { kind: 'unsupported', chain: chain.name, reason: unsupportedReason(chain, 'debug_traceTransaction') };
  }
  unsupportedChains().delete(chain.name);
  const block = tx.blockHash ? await cachedBlockByHash(client, tx.blockHash) : null;
  const post = await postStateCheck(chain, tx, block, diff);
  const rootChecks = checkTraceRoot(call, tx, receipt);
  const noReceipt: AnswerCheck[] = receipt ? [] : [check('trace gasUsed', 'the receipt’s gasUsed', 'no receipt served', true, 'Not checked: the node serves no receipts.')];
  const report = mergeReports(answerReport([...rootChecks, ...noReceipt]), prefixed(answerReport(post.checks), 'post'));
  const internalTransfers =
    tx.blockNumber !== null && tx.transactionIndex !== null
      ? internalTransfersOf(call, { chain: chain.name, txHash: tx.hash, blockNumber: tx.blockNumber, txIndex: tx.transactionIndex })
      : [];
  return { kind: 'ok', chain: chain.name, call, diff, checks: { report, postState: post.check }, internalTransfers };
}

async function loadUncached(hash: Hash): Promise<{ load: TxTraceLoad; deep: boolean }> {
  const lookup = await lookupTxByHash(hash);
  if (!lookup.found) return { load: { kind: 'unavailable', reason: 'no configured zone knows this transaction' }, deep: false };
  const { chain, tx, receipt, tip } = lookup.data;
  const known = traceUnsupported(chain);
  if (known) return { load: { kind: 'unsupported', chain: chain.name, reason: known }, deep: false };
  if (tx.blockNumber === null) return { load: { kind: 'unavailable', reason: 'the transaction is pending: only a mined transaction can be traced' }, deep: false };
  const load = await traceOn(chain, { tx, receipt: receipt.served ? receipt.value : null, tip });
  return { load, deep: load.kind === 'ok' && tip - tx.blockNumber >= finalityDepth() };
}

function deepTraces(): (hash: Hash) => Promise<{ load: TxTraceLoad; deep: boolean } | null> {
  return processWide('deep-traces', () => memoImmutable(loadUncached, 256, { keep: (_h, v) => v.deep, name: 'tx-trace' }));
}

/**
 * A transaction's trace by hash, on whichever configured zone has it: the call tree, the state
 * diff, their checks and internal transfers; or why there is none.
 */
export function loadTxTrace(hash: Hash): Promise<TxTraceLoad> {
  const key = hash.toLowerCase() as Hash;
  return coalesceShared(`trace:${key}`, SHARE_MS, async () => {
    const result = await deepTraces()(key);
    return result?.load ?? { kind: 'unavailable', reason: 'no configured zone knows this transaction' };
  });
}
