/**
 * The public JSON and CSV shapes of an address's history (README, "History API"). Numbers that
 * can exceed 2^53 (block numbers, values, timestamps, gas) are decimal strings. Browser-safe.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Direction, HistoryItem, HistoryKind } from '@/lib/index/readers/history-reader';

export interface HistoryItemJson {
  readonly hash: string;
  readonly chain: ChainName;
  readonly blockNumber: string;
  readonly blockHash: string;
  readonly index: number;
  readonly from: string;
  readonly to: string | null;
  readonly value: string;
  readonly direction: Direction;
  readonly type: HistoryKind;
  readonly status: 'success' | 'reverted' | null;
  readonly timestamp: string;
  readonly contractAddress: string | null;
  /** ETXs: the zone at the other end. */
  readonly otherChain: ChainName | null;
}

export interface HistoryPageJson {
  readonly items: readonly HistoryItemJson[];
  readonly next: string | null;
}

export function historyItemJson(item: HistoryItem): HistoryItemJson {
  return {
    hash: item.hash, chain: item.chain, blockNumber: item.blockNumber.toString(), blockHash: item.blockHash, index: item.index,
    from: item.from, to: item.to, value: item.value.toString(), direction: item.direction, type: item.type, status: item.status,
    timestamp: item.timestamp.toString(), contractAddress: item.contractAddress, otherChain: item.otherChain,
  };
}

export const CSV_HEADER = 'hash,chain,blockNumber,blockHash,index,timestamp,direction,type,status,from,to,contractAddress,otherChain,value\n';

/** One CSV line. Every field is a hash, a chain name, a number or a fixed word: nothing needs quoting. */
export function historyCsvLine(item: HistoryItem): string {
  const j = historyItemJson(item);
  return `${[j.hash, j.chain, j.blockNumber, j.blockHash, j.index, j.timestamp, j.direction, j.type, j.status ?? '', j.from, j.to ?? '',
    j.contractAddress ?? '', j.otherChain ?? '', j.value].join(',')}\n`;
}
