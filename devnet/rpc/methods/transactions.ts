/**
 * Spec §4.6, transactions, and getTransactionReceipt: zone-only. A mined transaction comes from
 * the chain store, a pending one from the zone's pool.
 */
import type { TxRecord } from '../../execution/api';
import { bodyAt, type SealedBlock } from '../../chain/block';
import { formatReceipt, formatTransaction, type TxPosition } from '../format';
import type { Params } from '../params';
import type { Handlers, MethodContext } from './context';

export function transactionMethods({ level, store, zone, position, byNumber, byHash }: MethodContext): Handlers {
  /** The transaction at argument `i`'s index in `block`, with its position. */
  const txInBlock = (block: SealedBlock | undefined, p: Params, i: number): { tx: TxRecord; at: TxPosition } | undefined => {
    if (!block) return undefined;
    const index = p.smallQuantity(i, 'transactionIndex');
    const tx = bodyAt(block, level).transactions[index];
    return tx ? { tx, at: position(block, index) } : undefined;
  };

  return {
    getTransactionByBlockNumberAndIndex: (p) => {
      zone('getTransactionByBlockNumberAndIndex');
      const found = txInBlock(byNumber(p.atMost(2)), p, 1);
      return found ? formatTransaction(found.tx, found.at) : null;
    },
    getTransactionByBlockHashAndIndex: (p) => {
      zone('getTransactionByBlockHashAndIndex');
      const found = txInBlock(byHash(p.atMost(2)), p, 1);
      return found ? formatTransaction(found.tx, found.at) : null;
    },
    getRawTransactionByBlockNumberAndIndex: (p) => {
      zone('getRawTransactionByBlockNumberAndIndex');
      return txInBlock(byNumber(p.atMost(2)), p, 1)?.tx.raw ?? '0x';
    },
    getRawTransactionByBlockHashAndIndex: (p) => {
      zone('getRawTransactionByBlockHashAndIndex');
      return txInBlock(byHash(p.atMost(2)), p, 1)?.tx.raw ?? '0x';
    },
    getTransactionByHash: (p) => {
      const ex = zone('getTransactionByHash');
      const hash = p.atMost(1).hash(0, 'transactionHash');
      const mined = store.transaction(hash);
      if (mined) return formatTransaction(mined.block.transactions[mined.index]!, position(mined.block, mined.index));
      const pooled = ex.poolTransaction(hash);
      return pooled ? formatTransaction(pooled) : null;
    },
    getRawTransactionByHash: (p) => {
      const ex = zone('getRawTransactionByHash');
      const hash = p.atMost(1).hash(0, 'transactionHash');
      const mined = store.transaction(hash);
      if (mined) return mined.block.transactions[mined.index]!.raw;
      return ex.poolTransaction(hash)?.raw ?? '0x';
    },
    getTransactionReceipt: (p) => {
      zone('getTransactionReceipt');
      const hash = p.atMost(1).hash(0, 'transactionHash');
      const mined = store.transaction(hash);
      if (!mined) return null;
      const receipt = mined.block.receipts.find((r) => r.transactionHash === hash);
      if (!receipt) return null;
      const firstLogIndex = mined.block.receipts.slice(0, receipt.transactionIndex).reduce((n, r) => n + r.logs.length, 0);
      return formatReceipt(receipt, position(mined.block, mined.index), firstLogIndex);
    },
  };
}
