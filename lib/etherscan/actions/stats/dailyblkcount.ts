import { formatEther } from 'viem';
import { dailyAction } from '../../daily-stats';

export default dailyAction({
  action: 'dailyblkcount',
  summary: "The blocks mined (blockCount) and what their miners got in fees above the base fee (blockRewards_Eth, in QUAI; the node's API says no block subsidy).",
  fields: (day) => ({ blockCount: day.blocks, blockRewards_Eth: formatEther(day.tips) }),
});
