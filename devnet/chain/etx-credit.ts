/**
 * Inbound ETXs in the destination block. go-quai lists the external transactions a zone block
 * credits among that block's transactions (type 1), each with a receipt; the execution layer
 * reports them apart (`creditedEtxs`), so the core appends them after the internal transactions
 * and recomputes transactionsRoot and receiptsRoot over the whole list. Appending keeps the
 * internal receipts' indexes and cumulative gas as the execution layer made them.
 * Simplification: a credit is recorded with 0 gas used and no logs.
 */
import { toHex, type Hex } from 'viem';
import type { ExecutedBlock, ReceiptRecord } from '../execution/api';
import { encodeReceipt } from '../execution/receipt-root';
import { listRootSync } from '@/lib/protocol/trie-root';
import { etxAsTransaction } from './network';

const EMPTY_BLOOM: Hex = toHex(new Uint8Array(256));

export function withCreditedEtxs(executed: ExecutedBlock): ExecutedBlock {
  if (executed.creditedEtxs.length === 0) return executed;
  const base = executed.transactions.length;
  const cumulative = executed.receipts[executed.receipts.length - 1]?.cumulativeGasUsed ?? 0n;
  const etxReceipts: ReceiptRecord[] = executed.creditedEtxs.map((etx, i) => ({
    transactionHash: etx.hash, transactionIndex: base + i, type: 1, from: etx.sender, to: etx.to, status: 1,
    gasUsed: 0n, cumulativeGasUsed: cumulative, effectiveGasPrice: 0n, contractAddress: null, logs: [],
    logsBloom: EMPTY_BLOOM, etxs: [],
  }));
  const transactions = [...executed.transactions, ...executed.creditedEtxs.map(etxAsTransaction)];
  const receipts = [...executed.receipts, ...etxReceipts];
  return {
    ...executed,
    transactions,
    receipts,
    transactionsRoot: listRootSync(transactions.map((t) => t.raw)),
    receiptsRoot: listRootSync(receipts.map(encodeReceipt)),
  };
}
