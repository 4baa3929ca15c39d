/**
 * A sent transaction's outcome for the wallet forms (lib/wallet/tx-outcome.ts): the transaction
 * and its receipt found by hash on every zone at once (the transaction page's lookup, shared for a
 * few seconds), and for a reverted one the reason its failing call returned, from the node's
 * callTracer: the revert data bubbles up to the root frame, where Error(string) and panics are
 * decoded (lib/trace/decode-frame.ts); a custom error is left for the page, which has the ABI.
 */
import type { Hash } from '@/lib/rpc/domain';
import type { TxOutcomeJson } from '@/lib/wallet/tx-outcome';
import { revertReasonOf } from '@/lib/trace/decode-frame';
import { clientOf } from '@/lib/server/node/clients';
import { describeFailure, isUnserved } from '@/lib/server/node/node-errors';
import { lookupTxByHash } from './load-tx';

type Reverted = Extract<TxOutcomeJson, { state: 'reverted' }>;

async function revertOf(found: Extract<Awaited<ReturnType<typeof lookupTxByHash>>, { found: true }>['data']): Promise<Pick<Reverted, 'revertData' | 'reason' | 'reasonMissing'>> {
  try {
    const root = await clientOf(found.chain).traceTransaction({ hash: found.tx.hash, tracer: 'callTracer' });
    const data = root.output && root.output !== '0x' ? root.output : null;
    const decoded = data ? revertReasonOf(data) : undefined;
    if (decoded?.kind === 'reason') return { revertData: data, reason: decoded.text };
    if (root.revertReason) return { revertData: data, reason: root.revertReason };
    return { revertData: data, reason: null, reasonMissing: data ? 'its revert data is no Error(string) or panic' : `it failed without revert data (${root.error ?? 'no error named'})` };
  } catch (error) {
    const why = isUnserved(error) ? `${found.chain.label}'s node does not trace transactions` : `the node did not answer the trace: ${describeFailure(error)}`;
    return { revertData: null, reason: null, reasonMissing: why };
  }
}

export async function loadTxOutcome(hash: Hash): Promise<TxOutcomeJson> {
  const lookup = await lookupTxByHash(hash);
  if (!lookup.found) return { state: 'unknown' };
  const { data } = lookup;
  const chain = data.chain.name;
  const receipt = data.receipt.served ? data.receipt.value : null;
  if (data.tx.blockNumber === null || !receipt) return { state: 'pending', chain };
  const mined = { chain, blockNumber: receipt.blockNumber.toString(), gasUsed: receipt.gasUsed.toString() };
  if (receipt.status === 'success') return { state: 'mined', ...mined };
  return { state: 'reverted', ...mined, ...(await revertOf(data)) };
}
