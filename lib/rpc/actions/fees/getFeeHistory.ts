import { methodName, type RpcClient } from '../../core';
import type { BlockTag, FeeHistory } from '../../domain';
import { encodeBlockTag, encodeQuantity } from '../../encode';
import { parseFeeHistory } from '../../parse/fee-history';

export interface GetFeeHistoryParameters {
  /** Number of blocks, 1..1024. */
  readonly blockCount: bigint | number;
  /** The newest block of the range. */
  readonly newestBlock: BlockTag;
  /** Monotonically increasing percentiles, e.g. [25, 50, 75]. */
  readonly rewardPercentiles?: readonly number[];
}

export type GetFeeHistoryReturnType = FeeHistory;

/**
 * Base fees, gas-used ratios and reward percentiles of a range of blocks. `blockCount` is at most
 * 1024 (spec §8).
 *
 * JSON-RPC: `{namespace}_feeHistory` (spec `svc_feeHistory`).
 *
 * @example
 * const fees = await getFeeHistory(client, { blockCount: 10, newestBlock: 'latest', rewardPercentiles: [50] });
 */
export async function getFeeHistory(client: RpcClient, params: GetFeeHistoryParameters): Promise<GetFeeHistoryReturnType> {
  return client.transport.request(methodName(client, 'feeHistory'), [encodeQuantity(params.blockCount), encodeBlockTag(params.newestBlock), [...(params.rewardPercentiles ?? [])]], (r) => parseFeeHistory(r));
}
