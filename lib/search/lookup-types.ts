/**
 * What the cross-chain lookups (lookup.ts) answer, as types only: the search page's components
 * draw these without importing the code that asks the node.
 */
import type { Chain } from '@/lib/protocol/chains';
import type { Block, Transaction } from '@/lib/rpc/domain';
import type { UnreadableAnswer } from '@/lib/rpc/unreadable';

export interface ChainFailure {
  readonly chain: Chain;
  readonly error: string;
  /** Set when the node answered but the answer could not be read (proxy.ts answers 502). */
  readonly unreadable?: UnreadableAnswer;
  /** Set when the node did not answer at all: unreachable, timed out, an HTTP error (proxy.ts answers 503). */
  readonly down?: true;
}

export interface HashLookup {
  readonly blocks: ReadonlyArray<{ readonly chain: Chain; readonly block: Block<'hashes'> }>;
  readonly transactions: ReadonlyArray<{ readonly chain: Chain; readonly transaction: Transaction }>;
  /** How many chains were asked for a block and how many zones for a transaction. */
  readonly askedBlockChains: number;
  readonly askedTransactionZones: number;
  readonly failures: readonly ChainFailure[];
}

export interface HeightLookup {
  readonly results: ReadonlyArray<{
    readonly chain: Chain;
    readonly block: Block<'hashes'> | null;
    /** The chain's own height, to say "not yet: the tip is N" when the block doesn't exist. */
    readonly tip: bigint | null;
  }>;
  readonly failures: readonly ChainFailure[];
}
