/**
 * The public JSON shape of a token-transfer page (README, "Token transfers and ETX journeys API"):
 * the history envelope `{ items, next }`, each item with `token`, `symbol`, `decimals`, `tokenId`
 * where there is one and `amount` as a decimal string in the token's smallest unit. Browser-safe.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { TokenStandard } from '@/lib/decode/token-transfers';
import type { TokenTransferItem } from '@/lib/index/readers/tokens/token-transfer-reader';

/** What the token answered to symbol() and decimals(); nulls when it did not. */
export interface TokenLabel {
  readonly symbol: string | null;
  readonly decimals: number | null;
}

export interface TokenTransferJson {
  readonly hash: string;
  readonly chain: ChainName;
  readonly blockNumber: string;
  readonly blockHash: string;
  readonly index: number;
  readonly logIndex: number;
  readonly timestamp: string;
  readonly standard: TokenStandard;
  readonly token: string;
  readonly symbol: string | null;
  readonly decimals: number | null;
  readonly tokenId?: string;
  readonly from: string;
  readonly to: string;
  readonly amount: string;
  readonly direction: 'out' | 'in' | 'self' | null;
}

export interface TokenTransferPageJson {
  readonly items: readonly TokenTransferJson[];
  readonly next: string | null;
}

export function tokenTransferJson(item: TokenTransferItem, label: TokenLabel): TokenTransferJson {
  return {
    hash: item.txHash, chain: item.chain, blockNumber: item.blockNumber.toString(), blockHash: item.blockHash, index: item.index,
    logIndex: item.logIndex, timestamp: item.timestamp.toString(), standard: item.standard, token: item.token, symbol: label.symbol,
    decimals: label.decimals, ...(item.tokenId === null ? {} : { tokenId: item.tokenId.toString() }), from: item.from, to: item.to,
    amount: item.amount.toString(), direction: item.direction,
  };
}
