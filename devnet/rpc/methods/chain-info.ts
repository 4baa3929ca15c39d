/** Spec §4.2, fees and chain information: what a wallet asks before it sends. */
import { invalidParam, serverError } from '../errors';
import { baseFeeAfter, feeHistory, suggestedTip } from '../fees';
import { q } from '../format';
import { blockAt } from '../resolve';
import type { Handlers, MethodContext } from './context';

/** geth's cap on one feeHistory request. */
const MAX_FEE_HISTORY = 1024;

export function chainInfoMethods({ chain, level, store, options }: MethodContext): Handlers {
  return {
    gasPrice: (p) => q(baseFeeAfter(p.atMost(0) && store.head, options.baseFeeFloor) + suggestedTip(store)),
    maxPriorityFeePerGas: (p) => q(p.atMost(0) && suggestedTip(store)),
    feeHistory: (p) => {
      p.atMost(3);
      const raw = p.values[0];
      const count = typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? raw : p.smallQuantity(0, 'blockCount');
      if (count > MAX_FEE_HISTORY) throw invalidParam(0, 'blockCount', `${count} exceeds the maximum of ${MAX_FEE_HISTORY}`);
      const newest = blockAt(store, p.blockTag(1, 'newestBlock'));
      if (!newest) throw serverError('header not found');
      let percentiles: number[] | undefined;
      if (p.has(2)) {
        percentiles = p.array(2, 'rewardPercentiles').map((value, i, all) => {
          if (typeof value !== 'number' || value < 0 || value > 100) throw invalidParam(2, 'rewardPercentiles', `invalid reward percentile: ${JSON.stringify(value)}`);
          if (i > 0 && value < (all[i - 1] as number)) throw invalidParam(2, 'rewardPercentiles', `invalid reward percentile: #${i - 1}:${String(all[i - 1])} > #${i}:${value}`);
          return value;
        });
      }
      const history = feeHistory(store, count, newest, level, percentiles, options.baseFeeFloor);
      return {
        oldestBlock: q(history.oldestBlock),
        baseFeePerGas: history.baseFeePerGas.map(q),
        gasUsedRatio: history.gasUsedRatio,
        ...(history.reward ? { reward: history.reward.map((r) => r.map(q)) } : {}),
      };
    },
    syncing: (p) => p.atMost(0) && options.syncing,
    chainId: (p) => q(p.atMost(0) && options.chainId),
    nodeLocation: (p) => p.atMost(0) && chain.location.map(q),
    blockNumber: (p) => q(p.atMost(0) && store.height),
  };
}
