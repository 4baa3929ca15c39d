import { dailyAction } from '../../daily-stats';

export default dailyAction({
  action: 'dailygasused',
  summary: "The gas the day's blocks used, in all (gasUsed).",
  fields: (day) => ({ gasUsed: day.gasUsed.toString() }),
});
