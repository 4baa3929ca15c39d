/**
 * The events of GET /api/v1/stream (docs/api.md, "Event streams"), as the wire carries them:
 * each an SSE event whose `data` is one of these JSON objects. Bigints are decimal strings,
 * as in /api/tips. Type-only and browser-safe: the pages' stream hooks read the same shapes.
 *
 *   ready         first, once: the subscription as understood and the position it starts from
 *   block         a block of a followed chain, in order, none skipped
 *   reorg         blocks a followed chain dropped; the replacing blocks follow as `block` events
 *   gap           events that cannot be sent (past the replay window, another run of the
 *                 explorer, blocks the feed could not read); what follows is live again
 *   transactions  an address's mined transactions in one block
 *   pending       an address's transactions newly seen in its zone's txpool
 *   etxs          ETXs delivered in one block to (or sent by) an address
 *   logs          a contract's logs in one block, by topic0 when asked
 *   end           the server is stopping; reconnect (EventSource does) and replay from the last id
 */
import type { ChainName, Level } from '@/lib/protocol/chains';
import type { TxpoolSummary } from '@/lib/network/tips-types';

export type StreamEventName = 'ready' | 'block' | 'reorg' | 'gap' | 'transactions' | 'pending' | 'etxs' | 'logs' | 'end';

/** A transaction as events carry it. */
export interface StreamTx {
  readonly hash: string;
  readonly type: 0 | 1 | 2;
  /** For an ETX (type 1) the originating account (`sender`); its `from` on the node is the zero address. */
  readonly from: string;
  readonly to: string | null;
  readonly value: string;
  readonly nonce: string;
}

/** An ETX a block emitted (its `extTransactions`): where it goes. */
export interface StreamEmittedEtx {
  readonly hash: string;
  readonly to: string | null;
  /** The zone that owns `to`; null for a creation. */
  readonly destination: ChainName | null;
  readonly value: string;
}

export interface StreamUncle {
  readonly hash: string;
  /** Its height in the block's chain. */
  readonly number: string | null;
}

/** The chain's figures at the read that saw the block (as /api/tips has them). */
export interface StreamChainStatus {
  readonly avgBlockTimeMs: number | null;
  readonly blockTimeSample: number;
  readonly txpool: TxpoolSummary;
  readonly syncing: boolean | null;
}

/** How many of a block's transactions its `block` event lists (`transactionCount` says how many it has). */
export const BLOCK_EVENT_TRANSACTIONS = 25;

export interface StreamBlock {
  readonly chain: ChainName;
  /** Its height in `chain`. */
  readonly number: string;
  /** [Prime, Region, Zone]. */
  readonly numbers: readonly [string, string, string];
  readonly hash: string;
  readonly parentHash: string;
  /** 0 prime, 1 region, 2 zone: the highest level this block is coincident in. */
  readonly order: Level;
  /** Unix seconds. */
  readonly timestamp: string;
  readonly miner: string;
  readonly gasUsed: string;
  readonly gasLimit: string;
  readonly transactionCount: number;
  readonly extTransactionCount: number;
  /** The first BLOCK_EVENT_TRANSACTIONS transactions. */
  readonly transactions: readonly StreamTx[];
  readonly emittedEtxs: readonly StreamEmittedEtx[];
  /** Hashes of the ETXs this block credited (its type 1 transactions). */
  readonly deliveredEtxs: readonly string[];
  readonly uncles: readonly StreamUncle[];
  readonly status: StreamChainStatus;
  /** When the explorer first saw the block (ms since the epoch, its clock). */
  readonly seenAt: number;
}

export interface StreamBlockRef {
  readonly number: string;
  readonly hash: string;
}

export interface StreamReorg {
  readonly chain: ChainName;
  /** The newest block both branches share. */
  readonly ancestor: StreamBlockRef;
  /** Blocks announced before that are no longer on the chain, newest first. */
  readonly removed: readonly StreamBlockRef[];
  readonly seenAt: number;
}

export type GapReason =
  /** The Last-Event-ID is older than the replay window. */
  | 'past-window'
  /** The Last-Event-ID is from another run of the explorer's feed (a restart, another fleet). */
  | 'restarted'
  /** The Last-Event-ID is not one this explorer writes. */
  | 'unknown-id'
  /** The feed could not read these blocks of a chain (it was not following, or the node lost them). */
  | 'not-streamed';

export interface StreamGap {
  readonly reason: GapReason;
  /** For 'not-streamed': the chain and the heights left out. */
  readonly chain?: ChainName;
  readonly fromNumber?: string;
  readonly toNumber?: string;
  /** The Last-Event-ID the reconnect sent, for the others. */
  readonly lastEventId?: string;
}

/** Where a mined transaction, ETX delivery or log sits. */
export interface StreamBlockPlace {
  readonly number: string;
  readonly numbers: readonly [string, string, string];
  readonly hash: string;
  readonly timestamp: string;
}

export type Direction = 'in' | 'out' | 'self';

export interface StreamAddressTx extends StreamTx {
  /** The followed address it concerns (lower case). */
  readonly address: string;
  readonly direction: Direction;
}

export interface StreamTransactions {
  readonly chain: ChainName;
  readonly block: StreamBlockPlace;
  readonly transactions: readonly StreamAddressTx[];
  readonly seenAt: number;
}

export interface StreamPending {
  readonly chain: ChainName;
  readonly transactions: readonly StreamAddressTx[];
  readonly seenAt: number;
}

export interface StreamEtxDelivery {
  readonly hash: string;
  /** The followed address it concerns (lower case): its recipient or its sender. */
  readonly address: string;
  readonly sender: string;
  readonly to: string | null;
  readonly value: string;
}

export interface StreamEtxs {
  /** The destination zone, whose block credited them. */
  readonly chain: ChainName;
  readonly block: StreamBlockPlace;
  readonly deliveries: readonly StreamEtxDelivery[];
  readonly seenAt: number;
}

export interface StreamLog {
  readonly address: string;
  readonly topics: readonly string[];
  readonly data: string;
  readonly transactionHash: string | null;
  readonly logIndex: number | null;
}

export interface StreamLogs {
  readonly chain: ChainName;
  readonly block: StreamBlockPlace;
  readonly logs: readonly StreamLog[];
  readonly seenAt: number;
}

export interface StreamReady {
  /** The subscription as the server understood it. */
  readonly follows: string;
  /** The position now: a reconnect that sends it as Last-Event-ID misses nothing from here. */
  readonly position: string;
  /** Events the server keeps for a reconnect (docs/api.md). */
  readonly replayWindow: number;
  readonly heartbeatMs: number;
}

export interface StreamEnd {
  readonly reason: string;
}

/** An event as a client receives it: its id, its name and its data. */
export type StreamEvent =
  | { readonly id: string; readonly event: 'ready'; readonly data: StreamReady }
  | { readonly id: string; readonly event: 'block'; readonly data: StreamBlock }
  | { readonly id: string; readonly event: 'reorg'; readonly data: StreamReorg }
  | { readonly id: string; readonly event: 'gap'; readonly data: StreamGap }
  | { readonly id: string; readonly event: 'transactions'; readonly data: StreamTransactions }
  | { readonly id: string; readonly event: 'pending'; readonly data: StreamPending }
  | { readonly id: string; readonly event: 'etxs'; readonly data: StreamEtxs }
  | { readonly id: string; readonly event: 'logs'; readonly data: StreamLogs }
  | { readonly id: string; readonly event: 'end'; readonly data: StreamEnd };
