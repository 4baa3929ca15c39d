import { hashRate } from '@/lib/network/chain-stats';
import { dailyAction } from '../../daily-stats';

export default dailyAction({
  action: 'dailyavghashrate',
  summary: "The zone's hash rate: the day's average difficulty over its average block time, in GH/s (networkHashRate, four decimals).",
  fields: (day) => ({ networkHashRate: ((hashRate(day) ?? 0) / 1e9).toFixed(4) }),
});
