/**
 * The public JSON shape of an internal-transfer page (`/api/v1/address/<a>/internal-transactions`,
 * README): the history envelope `{ items, next }`, amounts and heights as decimal strings.
 * Browser-safe: the address page's History tab reads the same shape.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { InternalTransferItem } from '@/lib/index/readers/internal-transfer-reader';
import type { TraceBehind } from '@/lib/index/readers/trace-progress-reader';
import type { CallType } from '@/lib/rpc/trace-types';

export interface InternalTransferJson {
  readonly hash: string;
  readonly chain: ChainName;
  readonly blockNumber: string;
  readonly blockHash: string;
  readonly index: number;
  readonly timestamp: string;
  readonly traceId: string;
  readonly type: CallType;
  readonly from: string;
  readonly to: string;
  readonly contractAddress: string | null;
  readonly value: string;
  readonly gas: string;
  readonly gasUsed: string;
  /** Why no value moved (its own or a parent frame's error); null when it moved. */
  readonly error: string | null;
  readonly direction: 'out' | 'in' | 'self' | null;
}

export interface InternalTransferPageJson {
  readonly items: readonly InternalTransferJson[];
  readonly next: string | null;
}

export function internalTransferJson(item: InternalTransferItem): InternalTransferJson {
  return {
    hash: item.txHash, chain: item.chain, blockNumber: item.blockNumber.toString(), blockHash: item.blockHash, index: item.txIndex,
    timestamp: item.timestamp.toString(), traceId: item.traceId, type: item.type, from: item.from, to: item.to,
    contractAddress: item.contractAddress, value: item.value.toString(), gas: item.gas.toString(), gasUsed: item.gasUsed.toString(),
    error: item.error, direction: item.direction,
  };
}

/**
 * `tracedThrough`, beside a list of internal transfers while the trace pass of its zone is behind
 * the block pass: the last block traced (`block`, null when none is yet) and the last the index
 * holds; transfers in the blocks between are not listed yet. `reason` says why the pass waits
 * when the node does not trace. Absent (null) once the traces are caught up.
 */
export interface TracedThroughJson {
  readonly chain: ChainName;
  readonly block: string | null;
  readonly indexedBlock: string;
  readonly reason: string | null;
}

export function tracedThroughJson(behind: TraceBehind | null): TracedThroughJson | null {
  if (!behind) return null;
  return { chain: behind.chain, block: behind.tracedThrough?.toString() ?? null, indexedBlock: behind.indexedThrough.toString(), reason: behind.stalled };
}
