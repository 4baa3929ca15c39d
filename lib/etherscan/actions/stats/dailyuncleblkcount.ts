import { dailyAction } from '../../daily-stats';

export default dailyAction({
  action: 'dailyuncleblkcount',
  summary: "The uncles the day's blocks include (uncleBlockCount); uncleBlockRewards_Eth is 0: the node's API says no uncle reward.",
  fields: (day) => ({ uncleBlockCount: Number(day.uncles), uncleBlockRewards_Eth: '0' }),
});
