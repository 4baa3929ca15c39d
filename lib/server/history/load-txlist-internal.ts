/** Etherscan's txlistinternal from the index: the envelope and its HTTP status (lib/history/etherscan-internal.ts). */
import { etherscanInternalTx, type TxlistInternalQuery } from '@/lib/history/etherscan-internal';
import { notOk, type Envelope } from '@/lib/history/etherscan';
import { addressInternalTransferSlice, internalTransfersOfTx } from '@/lib/index/readers/internal-transfer-reader';
import type { IndexAccess } from '@/lib/etherscan/action';

export async function loadTxlistInternal(request: TxlistInternalQuery, index: IndexAccess): Promise<{ status: number; body: Envelope }> {
  if (!index.ready) return { status: 503, body: notOk(index.reason) };
  try {
    const items =
      request.by === 'txhash'
        ? await internalTransfersOfTx(index.db, request.txhash)
        : await addressInternalTransferSlice(index.db, request.query.address, {
            offset: (request.query.page - 1) * request.query.offset, limit: request.query.offset, ascending: request.query.ascending,
            startBlock: request.query.startBlock, endBlock: request.query.endBlock,
          });
    if (items.length === 0) return { status: 200, body: { status: '0', message: 'No transactions found', result: [] } };
    return { status: 200, body: { status: '1', message: 'OK', result: items.map(etherscanInternalTx) } };
  } catch (error) {
    return { status: 503, body: notOk(`the index did not answer: ${(error as Error).message}`) };
  }
}
