/**
 * What became of a transaction a wallet sent from a Write contract form or a Revoke button, as
 * `GET /api/tx/<hash>/outcome` answers (the explorer's own node, never the wallet's word):
 * unknown to every zone, pending, mined, or reverted with the reason the node's trace gives.
 * Browser-safe.
 */
import type { ChainName } from '@/lib/protocol/chains';

export type TxOutcomeJson =
  /** No zone this explorer reads knows it (yet: a wallet's node may be ahead). */
  | { readonly state: 'unknown' }
  | { readonly state: 'pending'; readonly chain: ChainName }
  | { readonly state: 'mined'; readonly chain: ChainName; readonly blockNumber: string; readonly gasUsed: string }
  | {
      readonly state: 'reverted';
      readonly chain: ChainName;
      readonly blockNumber: string;
      readonly gasUsed: string;
      /** The revert data the failing call returned (0x hex), for a custom error the page's ABI declares; null when none. */
      readonly revertData: string | null;
      /** Error(string), a panic, or the node's own words; null when there is none to read. */
      readonly reason: string | null;
      /** Why there is no reason when there is none (the node does not trace, the call failed without data). */
      readonly reasonMissing?: string;
    };

export const isSettled = (o: TxOutcomeJson): boolean => o.state === 'mined' || o.state === 'reverted';
