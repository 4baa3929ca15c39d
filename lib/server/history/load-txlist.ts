/** The Etherscan-compatible txlist from the index: the envelope and its HTTP status. */
import { etherscanTx, notOk, type Envelope, type TxlistQuery } from '@/lib/history/etherscan';
import { historySlice } from '@/lib/index/history-reader';
import { zoneOf } from '@/lib/chains';
import { indexAvailability } from './index-service';

export async function loadTxlist(query: TxlistQuery): Promise<{ status: number; body: Envelope }> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { status: 503, body: notOk(index.reason) };
  try {
    const items = await historySlice(index.db, query.address, {
      offset: (query.page - 1) * query.offset, limit: query.offset, ascending: query.ascending,
      startBlock: query.startBlock, endBlock: query.endBlock,
    });
    if (items.length === 0) return { status: 200, body: { status: '0', message: 'No transactions found', result: [] } };
    const [row] = await index.db.query('SELECT tip::text AS tip FROM index_cursor WHERE chain = $1', [zoneOf(query.address).name]);
    const tip = row && typeof row.tip === 'string' ? BigInt(row.tip) : null;
    return { status: 200, body: { status: '1', message: 'OK', result: items.map((i) => etherscanTx(i, tip)) } };
  } catch (error) {
    return { status: 503, body: notOk(`the index did not answer: ${(error as Error).message}`) };
  }
}
