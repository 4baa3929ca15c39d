/**
 * An owner's approvals as the Approvals tab and `GET /api/v1/address/<a>/approvals` give them: the
 * index's newest event per token, spender and kind, each with what the node answers for it now
 * at the page's block. Domain values (the page) and the API's JSON, shaped here once.
 * Browser-safe.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { ApprovalKind } from '@/lib/decode/token-approvals';
import type { TokenStandard } from '@/lib/decode/token-transfers';
import type { Address, Hash } from '@/lib/rpc/domain';
import { MAX_UINT256 } from './approval-amount';

/** What the node answered for an approval (allowance, isApprovedForAll) at `readAt`. */
export type ApprovalNow =
  | { readonly kind: 'answered'; readonly amount: bigint }
  /** The contract reverted or answered something that is not one word. */
  | { readonly kind: 'refused'; readonly reason: string }
  /** The node did not answer, or was not asked (its lane of callers' node work was full: `retryAfterSeconds`). */
  | { readonly kind: 'failed'; readonly reason: string; readonly retryAfterSeconds?: number };

export interface Approval {
  readonly kind: ApprovalKind;
  readonly token: Address;
  /** The token's standard as the index knows it from its transfers; null when it has seen none. */
  readonly standard: TokenStandard | null;
  readonly symbol: string | null;
  readonly decimals: number | null;
  readonly spender: Address;
  /** The event that set it: the amount it set and where. */
  readonly given: {
    readonly amount: bigint;
    readonly chain: ChainName;
    readonly blockNumber: bigint;
    readonly blockHash: Hash;
    readonly timestamp: bigint;
    readonly txHash: Hash;
    readonly index: number;
    readonly logIndex: number;
  };
  readonly now: ApprovalNow;
  /** Where `now` was read: the page's block in the owner's zone, or another zone's tip. */
  readonly readAt: { readonly chain: ChainName; readonly block: bigint | 'latest' };
}

export interface ApprovalJson {
  readonly kind: ApprovalKind;
  readonly token: string;
  readonly standard: TokenStandard | null;
  readonly symbol: string | null;
  readonly decimals: number | null;
  readonly spender: string;
  /** What the node answers now, in the token's smallest unit (1 or 0 for an operator); null when it did not answer. */
  readonly amount: string | null;
  /** The largest uint256: an allowance without limit. */
  readonly unlimited: boolean;
  readonly amountError?: string;
  readonly given: {
    readonly amount: string;
    readonly chain: ChainName;
    readonly blockNumber: string;
    readonly blockHash: string;
    readonly timestamp: string;
    readonly hash: string;
    readonly index: number;
    readonly logIndex: number;
  };
  readonly readAt: { readonly chain: ChainName; readonly block: string };
}

/** The history envelope `{ items, next }`, and the block of the owner's zone the amounts were read at. */
export interface ApprovalPageJson {
  readonly items: readonly ApprovalJson[];
  readonly next: string | null;
  readonly block: string;
  /**
   * Approvals naming the owner from contracts that do not look like tokens (no transfer in the
   * index, not verified): how many, from how many contracts, and the contracts with the most.
   * Not listed in `items`, not read from the node.
   */
  readonly unrecognised: {
    readonly approvals: number;
    readonly contracts: number;
    readonly top: readonly { readonly chain: ChainName; readonly token: string; readonly approvals: number }[];
  };
}

export function approvalJson(a: Approval): ApprovalJson {
  const amount = a.now.kind === 'answered' ? a.now.amount : null;
  return {
    kind: a.kind, token: a.token, standard: a.standard, symbol: a.symbol, decimals: a.decimals, spender: a.spender,
    amount: amount === null ? null : amount.toString(), unlimited: a.kind === 'allowance' && amount === MAX_UINT256,
    ...(a.now.kind === 'answered' ? {} : { amountError: a.now.reason }),
    given: {
      amount: a.given.amount.toString(), chain: a.given.chain, blockNumber: a.given.blockNumber.toString(), blockHash: a.given.blockHash,
      timestamp: a.given.timestamp.toString(), hash: a.given.txHash, index: a.given.index, logIndex: a.given.logIndex,
    },
    readAt: { chain: a.readAt.chain, block: a.readAt.block.toString() },
  };
}
