import { dailyAction } from '../../daily-stats';

export default dailyAction({
  action: 'dailynewaddress',
  summary: "The addresses that first appeared in the zone's history that day, as a sender, recipient or created contract (newAddressCount).",
  fields: (day) => ({ newAddressCount: Number(day.newAddresses) }),
});
