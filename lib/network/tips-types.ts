/**
 * The JSON shape of /api/tips (and of the home page's server-rendered data, so the client can
 * take over polling from exactly what the server drew). Bigints travel as decimal strings.
 * Type-only: safe to import from client components.
 */
import type { ChainName, Level } from '@/lib/protocol/chains';

/** What a chain's txpool said: counts, "the node does not serve txpool_*", or not a zone. */
export type TxpoolSummary =
  | { readonly kind: 'served'; readonly pending: string; readonly queued: string }
  | { readonly kind: 'unserved' }
  | { readonly kind: 'not-zone' };

export interface ChainTip {
  readonly chain: ChainName;
  readonly label: string;
  readonly level: Level;
  /** The chain's own height (its entry of `number`). */
  readonly height: string | null;
  /** The head's [Prime, Region, Zone] numbers. */
  readonly numbers: readonly [string, string, string] | null;
  readonly hash: string | null;
  /** Unix seconds. */
  readonly timestamp: string | null;
  /** Mean time between the head and the block `blockTimeSample` blocks below it, in ms. */
  readonly avgBlockTimeMs: number | null;
  readonly blockTimeSample: number;
  readonly txpool: TxpoolSummary;
  /** `quai_syncing` — only meaningful for prime (spec §1); null elsewhere or when not asked. */
  readonly syncing: boolean | null;
  /** Set when this chain's node failed to answer; the other chains still show. */
  readonly error: string | null;
}

export interface FeedBlock {
  readonly chain: ChainName;
  readonly hash: string;
  readonly numbers: readonly [string, string, string];
  /** 0 prime, 1 region, 2 zone: the coincidence badge. */
  readonly order: Level;
  readonly timestamp: string;
  readonly transactionCount: number;
  readonly extTransactionCount: number;
  readonly miner: string;
  readonly gasUsed: string;
  readonly gasLimit: string;
}

export interface FeedTransaction {
  readonly hash: string;
  readonly chain: ChainName;
  readonly type: 0 | 1 | 2;
  readonly from: string;
  readonly to: string | null;
  readonly value: string;
  readonly blockNumber: string | null;
  readonly timestamp: string;
}

export interface TipsSnapshot {
  /** Server clock (ms) when the node was read. */
  readonly fetchedAt: number;
  readonly chains: readonly ChainTip[];
  /** Newest zone blocks across every configured zone, newest first. */
  readonly latestBlocks: readonly FeedBlock[];
  /** Transactions of the newest zone blocks, newest first. */
  readonly latestTransactions: readonly FeedTransaction[];
  /**
   * The event stream's position after this read (lib/live/position.ts): a page drawn from the
   * snapshot follows GET /api/v1/stream from here and misses nothing. Absent with streams off.
   */
  readonly streamPosition?: string;
}
