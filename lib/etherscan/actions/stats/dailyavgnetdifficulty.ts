import { dailyAction } from '../../daily-stats';

/** Etherscan's networkDifficulty: tera (10^12), three decimals, thousands grouped ("2,408.028"). */
export function teraText(difficulty: number): string {
  return (difficulty / 1e12).toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
}

export default dailyAction({
  action: 'dailyavgnetdifficulty',
  summary: "The average difficulty of the day's blocks, in tera (networkDifficulty, as Etherscan's \"2,408.028\").",
  fields: (day) => ({ networkDifficulty: teraText(day.blocks > 0 ? Number(day.difficultySum / BigInt(day.blocks)) : 0) }),
});
