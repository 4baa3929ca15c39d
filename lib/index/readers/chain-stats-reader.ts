/**
 * The chain's statistics from the index's rollups (migration 23): per hour as stored
 * (chain_stats_hourly, hourly_new_addresses), per UTC day as the sum of its 24 hours, with the
 * day's active addresses (daily_stats, migration 5: distinct per day, so not a sum of hours). A
 * bucket is read by primary key ranges: 720 rows for 30 days, whatever the traffic.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Queryable, Row } from '../drivers/db';
import { big, integer, optionalBig } from './paging/row-values';

/** One hour or one UTC day of a zone. Sums, from which the charts and Etherscan's actions take averages. */
export interface StatsBucket {
  /** Unix seconds of the bucket's start (an hour, or a UTC day's 00:00). */
  readonly start: bigint;
  /** Blocks stored in it (0: none indexed, so the rest says nothing). */
  readonly blocks: number;
  /** Blocks whose parent is stored too, and the seconds between each and its parent, summed. */
  readonly timedBlocks: number;
  readonly blockTimeSum: bigint;
  readonly difficultySum: bigint;
  readonly gasUsed: bigint;
  readonly gasLimitSum: bigint;
  readonly baseFeeSum: bigint;
  /** Uncles its blocks include. */
  readonly uncles: bigint;
  readonly transactions: bigint;
  readonly etxSent: bigint;
  readonly etxReceived: bigint;
  /** Effective gas prices of its transactions: sum, how many, least and greatest (null: none). */
  readonly gasPriceSum: bigint;
  readonly priced: bigint;
  readonly gasPriceMin: bigint | null;
  readonly gasPriceMax: bigint | null;
  /** Fees above the base fee, paid to the miners. */
  readonly tips: bigint;
  readonly newAddresses: bigint;
  /** Distinct addresses active in it: per day only (null per hour). */
  readonly activeAddresses: bigint | null;
}

const SUMS = `sum(blocks)::int AS blocks, sum(timed_blocks)::int AS timed_blocks, sum(block_time_sum)::text AS block_time_sum,
  sum(difficulty_sum)::text AS difficulty_sum, sum(gas_used)::text AS gas_used, sum(gas_limit_sum)::text AS gas_limit_sum,
  sum(base_fee_sum)::text AS base_fee_sum, sum(uncles)::text AS uncles, sum(transactions)::text AS transactions, sum(etx_sent)::text AS etx_sent,
  sum(etx_received)::text AS etx_received, sum(gas_price_sum)::text AS gas_price_sum, sum(priced)::text AS priced,
  min(gas_price_min)::text AS gas_price_min, max(gas_price_max)::text AS gas_price_max, sum(tips)::text AS tips`;

function bucketOf(start: bigint, row: Row | undefined, newAddresses: bigint, active: bigint | null): StatsBucket {
  if (!row) {
    return {
      start, blocks: 0, timedBlocks: 0, blockTimeSum: 0n, difficultySum: 0n, gasUsed: 0n, gasLimitSum: 0n, baseFeeSum: 0n, uncles: 0n, transactions: 0n,
      etxSent: 0n, etxReceived: 0n, gasPriceSum: 0n, priced: 0n, gasPriceMin: null, gasPriceMax: null, tips: 0n, newAddresses, activeAddresses: active,
    };
  }
  return {
    start, blocks: integer(row, 'blocks'), timedBlocks: integer(row, 'timed_blocks'), blockTimeSum: big(row, 'block_time_sum'),
    difficultySum: big(row, 'difficulty_sum'), gasUsed: big(row, 'gas_used'), gasLimitSum: big(row, 'gas_limit_sum'), baseFeeSum: big(row, 'base_fee_sum'),
    uncles: big(row, 'uncles'), transactions: big(row, 'transactions'), etxSent: big(row, 'etx_sent'), etxReceived: big(row, 'etx_received'),
    gasPriceSum: big(row, 'gas_price_sum'), priced: big(row, 'priced'), gasPriceMin: optionalBig(row, 'gas_price_min'),
    gasPriceMax: optionalBig(row, 'gas_price_max'), tips: big(row, 'tips'), newAddresses, activeAddresses: active,
  };
}

const bucketKey = (r: Row, key: string): number => integer(r, key);

/** Every hour from `fromHour` to `toHour` (hours since 1970-01-01 UTC) of `chain`, oldest first; an hour with no block is all zeros. */
export async function hourlyStats(q: Queryable, chain: ChainName, fromHour: number, toHour: number): Promise<StatsBucket[]> {
  const [rows, fresh] = await Promise.all([
    q.query(`SELECT hour, ${SUMS} FROM chain_stats_hourly WHERE chain = $1 AND hour BETWEEN $2 AND $3 GROUP BY hour`, [chain, fromHour, toHour]),
    q.query('SELECT hour, addresses::text AS n FROM hourly_new_addresses WHERE chain = $1 AND hour BETWEEN $2 AND $3', [chain, fromHour, toHour]),
  ]);
  const byHour = new Map(rows.map((r) => [bucketKey(r, 'hour'), r]));
  const added = new Map(fresh.map((r) => [bucketKey(r, 'hour'), big(r, 'n')]));
  return Array.from({ length: Math.max(0, toHour - fromHour + 1) }, (_, i) => {
    const hour = fromHour + i;
    return bucketOf(BigInt(hour) * 3_600n, byHour.get(hour), added.get(hour) ?? 0n, null);
  });
}

/**
 * Every UTC day from `fromDay` to `toDay` (days since 1970-01-01) of `chain`, oldest first, each
 * the sum of its hours; `onlyWithBlocks` leaves out days with no stored block (Etherscan's lists).
 */
export async function dailyStats(q: Queryable, chain: ChainName, fromDay: number, toDay: number, onlyWithBlocks = false): Promise<StatsBucket[]> {
  const [rows, fresh, active] = await Promise.all([
    q.query(`SELECT hour / 24 AS day, ${SUMS} FROM chain_stats_hourly WHERE chain = $1 AND hour BETWEEN $2 AND $3 GROUP BY hour / 24`, [
      chain, fromDay * 24, toDay * 24 + 23,
    ]),
    q.query('SELECT hour / 24 AS day, sum(addresses)::text AS n FROM hourly_new_addresses WHERE chain = $1 AND hour BETWEEN $2 AND $3 GROUP BY hour / 24', [
      chain, fromDay * 24, toDay * 24 + 23,
    ]),
    q.query('SELECT day, active_addresses::text AS n FROM daily_stats WHERE chain = $1 AND day BETWEEN $2 AND $3', [chain, fromDay, toDay]),
  ]);
  const byDay = new Map(rows.map((r) => [bucketKey(r, 'day'), r]));
  const added = new Map(fresh.map((r) => [bucketKey(r, 'day'), big(r, 'n')]));
  const actives = new Map(active.map((r) => [bucketKey(r, 'day'), big(r, 'n')]));
  const days = Array.from({ length: Math.max(0, toDay - fromDay + 1) }, (_, i) => {
    const day = fromDay + i;
    return bucketOf(BigInt(day) * 86_400n, byDay.get(day), added.get(day) ?? 0n, actives.get(day) ?? 0n);
  });
  return onlyWithBlocks ? days.filter((d) => d.blocks > 0) : days;
}
