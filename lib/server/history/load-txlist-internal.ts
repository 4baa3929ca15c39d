/**
 * Etherscan's txlistinternal from the index: the envelope and its HTTP status
 * (lib/history/etherscan-internal.ts). While the traces of the zone asked about (the address's, or
 * the transaction's) are behind the index's blocks, the envelope carries `tracedThrough` (lib/history/
 * internal-transfer-json.ts): transfers after that block are not listed yet. A transaction in a
 * block the trace pass left untraced (the node could not trace it within the index's budget) has
 * `untraced` `{ chain, block, reason }`: its internal transfers are not known to the index.
 */
import { zoneOf } from '@/lib/protocol/chains';
import { etherscanInternalTx, type TxlistInternalQuery } from '@/lib/history/etherscan-internal';
import { notOk, type Envelope } from '@/lib/history/etherscan';
import { tracedThroughJson, type TracedThroughJson } from '@/lib/history/internal-transfer-json';
import { addressInternalTransferSlice, internalTransfersOfTx } from '@/lib/index/readers/internal-transfer-reader';
import { traceBehindOf, traceBehindOfTx } from '@/lib/index/readers/trace-progress-reader';
import { untracedMarkOfTx } from '@/lib/index/readers/untraced-reader';
import type { IndexAccess } from '@/lib/etherscan/action';
import type { AnswerKeep } from '@/lib/etherscan/envelope';

export async function loadTxlistInternal(
  request: TxlistInternalQuery,
  index: IndexAccess,
): Promise<{ status: number; body: Envelope & { tracedThrough?: TracedThroughJson; untraced?: { chain: string; block: string; reason: string } }; keep?: AnswerKeep }> {
  if (!index.ready) return { status: 503, body: notOk(index.reason) };
  try {
    const [items, behind] =
      request.by === 'txhash'
        ? await Promise.all([internalTransfersOfTx(index.db, request.txhash), traceBehindOfTx(index.db, request.txhash)])
        : await Promise.all([
            addressInternalTransferSlice(index.db, request.query.address, {
              offset: (request.query.page - 1) * request.query.offset, limit: request.query.offset, ascending: request.query.ascending,
              startBlock: request.query.startBlock, endBlock: request.query.endBlock,
            }),
            traceBehindOf(index.db, zoneOf(request.query.address).name),
          ]);
    const traced = tracedThroughJson(behind);
    const mark = request.by === 'txhash' ? await untracedMarkOfTx(index.db, request.txhash) : null;
    const note = {
      ...(traced ? { tracedThrough: traced } : {}),
      ...(mark ? { untraced: { chain: mark.chain, block: mark.number.toString(), reason: mark.reason } } : {}),
    };
    if (items.length === 0) return { status: 200, body: { status: '0', message: 'No transactions found', result: [], ...note }, keep: 'empty' };
    return { status: 200, body: { status: '1', message: 'OK', result: items.map(etherscanInternalTx), ...note }, keep: 'found' };
  } catch (error) {
    return { status: 503, body: notOk(`the index did not answer: ${(error as Error).message}`) };
  }
}
