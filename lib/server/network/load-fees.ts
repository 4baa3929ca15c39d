/**
 * Reads a chain's fee data in one batch: feeHistory for the requested blocks and percentiles,
 * and the node's current gasPrice and maxPriorityFeePerGas suggestions. JSON-safe result for the
 * page, its API route and the home page sparkline.
 */
import type { ChainName } from '@/lib/protocol/chains';
import { describeFailure, isNodeDown } from '@/lib/server/node/node-errors';
import { getClients } from '@/lib/server/node/clients';
import type { FeeParams } from '@/lib/routes/params/fee-params';
import { feeSeries } from '@/lib/network/fee-rows';
import type { Figure, FeesView } from '@/lib/network/fees-view';
import { StrataError } from '@/lib/protocol/errors';

/** Thrown when every read failed because the chain's node is down (the route answers 503). */
export class FeesNodeDownError extends StrataError {}

export async function loadFees(chain: ChainName, params: FeeParams): Promise<FeesView> {
  const client = getClients().get(chain);
  if (!client) throw new Error(`${chain} is not configured`);
  const [history, gasPrice, tip, height] = await Promise.allSettled([
    client.getFeeHistory({ blockCount: params.blockCount, newestBlock: 'latest', rewardPercentiles: params.percentiles }),
    client.getGasPrice(),
    client.getMaxPriorityFeePerGas(),
    client.getBlockNumber(),
  ]);
  if (history.status === 'rejected' && gasPrice.status === 'rejected' && tip.status === 'rejected' && isNodeDown(history.reason)) {
    throw new FeesNodeDownError(describeFailure(history.reason));
  }
  const figure = (r: PromiseSettledResult<bigint>): Figure =>
    r.status === 'fulfilled' ? { ok: true, wei: r.value.toString() } : { ok: false, message: describeFailure(r.reason) };
  let historyView: FeesView['history'];
  if (history.status === 'fulfilled') {
    const series = feeSeries(history.value, params.percentiles);
    historyView = {
      ok: true,
      rows: series.rows,
      returnedBlocks: series.returnedBlocks,
      oldestBlock: series.oldestBlock.toString(),
      nextBaseFeeWei: series.nextBaseFeeWei?.toString() ?? null,
      percentiles: series.percentiles,
    };
  } else {
    historyView = { ok: false, message: describeFailure(history.reason) };
  }
  return {
    chain,
    fetchedAt: Date.now(),
    requestedBlocks: params.blockCount,
    percentiles: params.percentiles,
    history: historyView,
    gasPrice: figure(gasPrice),
    maxPriorityFeePerGas: figure(tip),
    tip: height.status === 'fulfilled' ? height.value.toString() : null,
  };
}
