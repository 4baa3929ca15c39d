import { dailyAction } from '../../daily-stats';

export default dailyAction({
  action: 'dailytx',
  summary: "The transactions of the day's blocks, every type (transactionCount).",
  fields: (day) => ({ transactionCount: Number(day.transactions) }),
});
