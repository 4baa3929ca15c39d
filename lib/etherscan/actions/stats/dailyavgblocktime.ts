import { averageBlockTime } from '@/lib/network/chain-stats';
import { dailyAction } from '../../daily-stats';

export default dailyAction({
  action: 'dailyavgblocktime',
  summary: 'The average seconds between a block and its parent (blockTime_sec, two decimals).',
  fields: (day) => ({ blockTime_sec: (averageBlockTime(day) ?? 0).toFixed(2) }),
});
