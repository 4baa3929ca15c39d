/**
 * The feed's entries: what the explorer saw of the chains, one entry per block, reorg, gap or
 * batch of newly pooled transactions, numbered in one sequence (./position.ts). Subscriptions
 * are projections of this one sequence (./project.ts), so a reconnect anywhere in a fleet
 * replays the same events under the same ids. JSON as is: a fleet shares entries through Redis.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { StreamBlock, StreamGap, StreamLog, StreamReorg, StreamTx } from './stream-events';

export type FeedDraft =
  | {
      readonly kind: 'block';
      readonly chain: ChainName;
      readonly block: StreamBlock;
      /** Every transaction of the block (the event lists the first few), for address streams. */
      readonly transactions: readonly StreamTx[];
      /** The block's logs, read only while a stream follows a contract of this zone. */
      readonly logs?: readonly StreamLog[];
    }
  | { readonly kind: 'reorg'; readonly chain: ChainName; readonly reorg: StreamReorg }
  | {
      readonly kind: 'gap';
      readonly chain: ChainName;
      readonly gap: StreamGap;
      /** A gap left by a pause of the feed (nobody listened): the last seq before it. */
      readonly pausedAfter?: number;
    }
  | { readonly kind: 'pending'; readonly chain: ChainName; readonly transactions: readonly StreamTx[]; readonly seenAt: number };

export type FeedEntry = FeedDraft & { readonly seq: number };
