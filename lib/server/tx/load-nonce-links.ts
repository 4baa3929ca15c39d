/**
 * A transaction's neighbours by its sender's nonce, as Otterscan shows them: the transactions with
 * nonce n − 1 and n + 1 from the index (migration 19's sender-and-nonce index). One the index does
 * not hold (not indexed yet, not sent yet, the index off) is still a link, to the sender's nonce
 * (`/address/<a>/nonce/<n>`, ./resolve-nonce.ts), which finds it when it is asked: the transaction
 * page is kept once final (lib/routes/table.ts), and its links must stay true after that.
 * An ETX's credit (type 1) has none: its nonce is not its sender's in this zone.
 */
import type { Address, Hash } from 'viem';
import type { Transaction } from '@/lib/rpc/domain';
import { senderTransactionsByNonce } from '@/lib/index/readers/nonce-reader';
import { indexAvailability } from '@/lib/server/index/index-service';

export interface NonceLink {
  readonly nonce: bigint;
  /** The transaction, when the index holds it; null: link to the sender's nonce instead. */
  readonly hash: Hash | null;
}

export interface NonceLinks {
  readonly sender: Address;
  /** Null for nonce 0: nothing came before. */
  readonly previous: NonceLink | null;
  readonly next: NonceLink;
}

export async function loadNonceLinks(tx: Transaction): Promise<NonceLinks | null> {
  if (tx.type === 1) return null;
  const sender = tx.from.toLowerCase() as Address;
  const wanted = tx.nonce > 0n ? [tx.nonce - 1n, tx.nonce + 1n] : [tx.nonce + 1n];
  let found: ReadonlyMap<bigint, Hash> = new Map();
  const index = await indexAvailability();
  if (index.state === 'ready') {
    try {
      found = new Map((await senderTransactionsByNonce(index.db, sender, wanted)).map((t) => [t.nonce, t.hash]));
    } catch {
      // The links to the sender's nonces find them when asked.
    }
  }
  const link = (nonce: bigint): NonceLink => ({ nonce, hash: found.get(nonce) ?? null });
  return { sender, previous: tx.nonce > 0n ? link(tx.nonce - 1n) : null, next: link(tx.nonce + 1n) };
}
