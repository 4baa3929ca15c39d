import { dailyAction } from '../../daily-stats';

export default dailyAction({
  action: 'dailyavggasprice',
  summary: "The greatest, least and average effective gas price of the day's transactions, in wei (maxGasPrice_Wei, minGasPrice_Wei, avgGasPrice_Wei).",
  fields: (day) => ({
    maxGasPrice_Wei: (day.gasPriceMax ?? 0n).toString(),
    minGasPrice_Wei: (day.gasPriceMin ?? 0n).toString(),
    avgGasPrice_Wei: (day.priced > 0n ? day.gasPriceSum / day.priced : 0n).toString(),
  }),
});
