/**
 * The reads lib/server needs from one chain's node, as a narrow interface. clients.ts builds one
 * per configured chain on top of the typed RPC client (lib/rpc); tests can build one over a
 * devnet. Keeping lib/server to this surface means a change in the client touches one adapter.
 */
import type { Chain } from '@/lib/protocol/chains';
import type { Hex } from 'viem';
import type { Block, Hash, Receipt, Transaction, TxPoolContent, TxPoolStatus, SyncStatus } from '@/lib/rpc/domain';

export interface ChainReader {
  readonly chain: Chain;
  blockNumber(): Promise<bigint>;
  /** null when the chain has no block at that height (yet). */
  blockByNumber(number: bigint | 'latest', full: false): Promise<Block<'hashes'> | null>;
  blockByNumber(number: bigint | 'latest', full: true): Promise<Block<'full'> | null>;
  blockByHash(hash: Hash, full: false): Promise<Block<'hashes'> | null>;
  blockByHash(hash: Hash, full: true): Promise<Block<'full'> | null>;
  transactionByHash(hash: Hash): Promise<Transaction | null>;
  /** The signed bytes; some nodes answer "0x" for none. */
  rawTransactionByHash(hash: Hash): Promise<Hex | null>;
  transactionReceipt(hash: Hash): Promise<Receipt | null>;
  txpoolStatus(): Promise<TxPoolStatus>;
  txpoolContent(): Promise<TxPoolContent>;
  syncing(): Promise<SyncStatus>;
}
