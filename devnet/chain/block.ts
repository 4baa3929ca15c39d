/**
 * A sealed devnet block: one header, one hash, and the bodies each level sees. A coincident block
 * (order 0 or 1) is this same object placed in its region's (and prime's) chain too; what differs
 * per level is only the body: the zone view carries transactions, ETXs and uncles, the region and
 * prime views carry the subordinate chain's manifest (spec §2.4 rules 1 and 2).
 */
import type { Hex } from 'viem';
import type { ChainName, Level } from '@/lib/protocol/chains';
import type { HeaderFields } from '@/lib/protocol/header';
import type { EtxRecord, ReceiptRecord, TxRecord } from '../execution/api';

export interface SealedBlock {
  readonly hash: Hex;
  readonly header: HeaderFields;
  /** 0 prime, 1 region, 2 zone: the highest level this block is coincident in. Genesis blocks carry their own level. */
  readonly order: Level;
  /** Intrinsic entropy S of the hash (2^64·log2(2^256/hash)). */
  readonly intrinsicS: bigint;
  readonly totalEntropy: bigint;
  /** The chain that produced it: a zone, or the chain itself for a genesis block. */
  readonly producer: ChainName;
  /** Zone body. Transactions are internal (types 0 and 2) followed by the inbound ETXs credited here (type 1, see etx-credit.ts). */
  readonly transactions: readonly TxRecord[];
  readonly receipts: readonly ReceiptRecord[];
  /** ETXs emitted here (the header's extTransactionsRoot). */
  readonly extTransactions: readonly EtxRecord[];
  readonly uncles: readonly HeaderFields[];
  /** subManifest as seen in the region chain (index 1) and in prime (index 0). */
  readonly subManifest: { readonly 0?: readonly Hex[]; readonly 1?: readonly Hex[] };
  /** Wall-clock milliseconds when sealed (for retargeting; not part of the header). */
  readonly sealedAtMs: number;
}

/** Which body a chain at `level` serves for this block. */
export function bodyAt(block: SealedBlock, level: Level): {
  transactions: readonly TxRecord[];
  extTransactions: readonly EtxRecord[];
  uncles: readonly HeaderFields[];
  subManifest: readonly Hex[];
} {
  if (level === 2) {
    return { transactions: block.transactions, extTransactions: block.extTransactions, uncles: block.uncles, subManifest: [] };
  }
  return { transactions: [], extTransactions: [], uncles: [], subManifest: block.subManifest[level] ?? [] };
}
