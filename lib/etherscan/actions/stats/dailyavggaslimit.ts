import { dailyAction } from '../../daily-stats';

export default dailyAction({
  action: 'dailyavggaslimit',
  summary: "The average gas limit of the day's blocks (gasLimit).",
  fields: (day) => ({ gasLimit: (day.blocks > 0 ? day.gasLimitSum / BigInt(day.blocks) : 0n).toString() }),
});
