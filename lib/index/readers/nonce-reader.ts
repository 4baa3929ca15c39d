/**
 * A sender's transactions by nonce (migration 19's transactions_by_sender_nonce), for a
 * transaction page's previous and next by the same sender, as Otterscan shows them. Types 0 and 2
 * only: a type 1 is an ETX's credit in its destination zone, whose nonce is not its sender's there.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Address, Hash } from '@/lib/rpc/domain';
import type { Queryable } from '../drivers/db';
import { hexCol, hexParam } from '../drivers/sql';
import { big, chainName, text } from './paging/row-values';

export interface SenderNonceTx {
  readonly hash: Hash;
  readonly chain: ChainName;
  readonly blockNumber: bigint;
  readonly nonce: bigint;
}

/** The sender's transactions (types 0 and 2) with any of `nonces`, as the index holds them. */
export async function senderTransactionsByNonce(q: Queryable, sender: Address, nonces: readonly bigint[]): Promise<SenderNonceTx[]> {
  if (nonces.length === 0) return [];
  const rows = await q.query(
    `SELECT ${hexCol('hash', 'hash')}, chain, block_number::text AS block_number, nonce::text AS nonce
       FROM transactions WHERE sender = decode($1, 'hex') AND nonce = ANY($2::bigint[]) AND type <> 1
      ORDER BY nonce, block_number, tx_index`,
    [hexParam(sender), nonces.map((n) => n.toString())],
  );
  return rows.map((row) => ({
    hash: text(row, 'hash') as Hash,
    chain: chainName(text(row, 'chain'), 'chain') as ChainName,
    blockNumber: big(row, 'block_number'),
    nonce: big(row, 'nonce'),
  }));
}
