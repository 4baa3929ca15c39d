/**
 * What the transaction pages draw of a trace: the tabs and the internal transfers when the node
 * traced the transaction, the line that says why not when it does not trace, or why this render
 * has none (a failure that may pass: the page is then not stored, components/ui/status/NotStored).
 *
 * The trace itself is ./load-trace.ts's (one per transaction, probed once per chain, kept once
 * deep); the overview reads it too, for its internal transfers and to know whether to offer the
 * tabs at all, and the Trace tab adds the ABIs its frames are decoded with (./trace-abis.ts).
 * A trace that fails never fails the page: everything else on it was read without one.
 */
import type { Address } from 'viem';
import type { TxTab } from '@/lib/routes/params/tx-query';
import type { Transaction } from '@/lib/rpc/domain';
import { describeFailure } from '@/lib/server/node/node-errors';
import { NO_ABIS, NO_ORIGINS, type AbiLookup, type AbiOriginLookup } from '@/lib/trace/abi-lookup';
import { framesOf } from '@/lib/trace/frame-tree';
import { loadTxTrace, type TxTraceLoad } from './load-trace';
import { traceAbiBook } from './trace-abis';
import { loadSlotNames } from './load-slot-names';
import { stateChangesOf } from '@/lib/trace/state-changes';
import type { SlotNamer } from '@/lib/contracts/slot-names';

export type TraceView =
  /** A pending transaction: nothing to trace yet, and nothing to say about it. */
  | { readonly kind: 'pending' }
  /** The node does not trace: no tabs, and this line says why. */
  | { readonly kind: 'unsupported'; readonly reason: string }
  /** It could not be traced this time: said on the page, which is then not stored. */
  | { readonly kind: 'failed'; readonly reason: string }
  | {
      readonly kind: 'ok';
      readonly trace: Extract<TxTraceLoad, { kind: 'ok' }>;
      readonly abis: AbiLookup;
      readonly origins: AbiOriginLookup;
      /** The State changes tab's slot names by lower-case address, from verified storage layouts (./load-slot-names.ts); empty on other tabs. */
      readonly slots: ReadonlyMap<string, SlotNamer>;
    };

export async function loadTraceView(tx: Transaction, tab: TxTab): Promise<TraceView> {
  if (tx.blockHash === null) return { kind: 'pending' };
  let load: TxTraceLoad;
  try {
    load = await loadTxTrace(tx.hash);
  } catch (error) {
    return { kind: 'failed', reason: `the node did not answer the trace: ${describeFailure(error)}` };
  }
  if (load.kind === 'unsupported') return { kind: 'unsupported', reason: load.reason };
  if (load.kind === 'unavailable') return { kind: 'failed', reason: load.reason };
  // Only the Trace tab decodes frames: the ABIs of the code that ran.
  const book = tab === 'trace' ? await traceAbiBook(codeAddresses(load.call)) : { abiOf: NO_ABIS, originOf: NO_ORIGINS };
  // Only the State changes tab names slots: the layouts of the accounts whose storage changed.
  const slots = tab === 'state' && tx.blockNumber !== null ? await loadSlotNames(stateChangesOf(load.diff), load.call, tx.blockNumber).catch(() => new Map()) : new Map();
  return { kind: 'ok', trace: load, abis: book.abiOf, origins: book.originOf, slots };
}

function* codeAddresses(root: Extract<TxTraceLoad, { kind: 'ok' }>['call']): Generator<Address> {
  for (const { frame } of framesOf(root)) if (frame.to) yield frame.to;
}
