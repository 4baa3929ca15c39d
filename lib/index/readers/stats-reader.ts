/**
 * Daily counts per zone and the ETX flow between zones, from the index (migration 5).
 *
 * A day series reads daily_stats by primary key: one row per day whatever the traffic; the flow
 * sums etx_flow_hourly over the period's hours: at most 81 rows an hour whatever the traffic.
 */
import { ZONES, type ChainName } from '@/lib/protocol/chains';
import type { Queryable } from '../drivers/db';
import { big, chainName, integer, text } from './paging/row-values';
import { SECONDS_PER_DAY } from '../derivations/daily-stats';

export interface DayCounts {
  /** UTC day, YYYY-MM-DD. */
  readonly day: string;
  /** Blocks of that day in the index (0: none indexed, so the other counts say nothing). */
  readonly blocks: number;
  readonly transactions: bigint;
  readonly etxSent: bigint;
  readonly etxReceived: bigint;
  readonly activeAddresses: bigint;
}

const isoDay = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);

/**
 * The `days` UTC days of `chain` ending with the day of `now` (seconds), oldest first; a day with
 * no indexed block is all zeros.
 */
export async function dailyCounts(q: Queryable, chain: ChainName, days: number, now: bigint): Promise<DayCounts[]> {
  const last = Number(now / SECONDS_PER_DAY);
  const firstDay = last - days + 1;
  const rows = await q.query(
    `SELECT day, blocks, transactions::text AS transactions, etx_sent::text AS etx_sent, etx_received::text AS etx_received,
            active_addresses::text AS active_addresses
       FROM daily_stats WHERE chain = $1 AND day BETWEEN $2 AND $3`,
    [chain, firstDay, last],
  );
  const byDay = new Map(rows.map((r) => [integer(r, 'day'), r]));
  return Array.from({ length: days }, (_, i): DayCounts => {
    const day = firstDay + i;
    const r = byDay.get(day);
    return r
      ? {
          day: isoDay(day), blocks: integer(r, 'blocks'), transactions: big(r, 'transactions'), etxSent: big(r, 'etx_sent'),
          etxReceived: big(r, 'etx_received'), activeAddresses: big(r, 'active_addresses'),
        }
      : { day: isoDay(day), blocks: 0, transactions: 0n, etxSent: 0n, etxReceived: 0n, activeAddresses: 0n };
  });
}

export interface EtxFlow {
  /** Seconds: the period's whole hours, from the start of the first to the end of the last. */
  readonly from: bigint;
  readonly to: bigint;
  /** The nine zones, in the order of the matrices' rows (origin) and columns (destination). */
  readonly zones: readonly ChainName[];
  /** ETXs emitted in the period, origin × destination. */
  readonly sent: readonly (readonly number[])[];
  /** Of those, the ones the destination zone has included (as far as it is indexed). */
  readonly delivered: readonly (readonly number[])[];
}

export const SECONDS_PER_HOUR = 3_600n;

/**
 * The 9 × 9 ETX flow of ETXs whose origin block's timestamp is in the hours from the one holding
 * `from` to the one holding `to - 1` (etx_flow_hourly: at most 81 rows per hour of the period).
 */
export async function etxFlow(q: Queryable, from: bigint, to: bigint): Promise<EtxFlow> {
  const firstHour = from / SECONDS_PER_HOUR;
  const endHour = (to + SECONDS_PER_HOUR - 1n) / SECONDS_PER_HOUR;
  const rows = await q.query(
    `SELECT origin, destination, sum(sent)::text AS sent, sum(delivered)::text AS delivered
       FROM etx_flow_hourly WHERE hour >= $1 AND hour < $2
      GROUP BY origin, destination`,
    [firstHour, endHour],
  );
  const zones = ZONES.map((z) => z.name);
  const position = new Map(zones.map((z, i) => [z, i]));
  const sent = zones.map(() => zones.map(() => 0));
  const delivered = zones.map(() => zones.map(() => 0));
  for (const r of rows) {
    const o = position.get(chainName(text(r, 'origin'), 'origin') as ChainName);
    const d = position.get(chainName(text(r, 'destination'), 'destination') as ChainName);
    if (o === undefined || d === undefined) continue; // a region or prime name: not a zone of the matrix
    sent[o]![d] = integer(r, 'sent');
    delivered[o]![d] = integer(r, 'delivered');
  }
  return { from: firstHour * SECONDS_PER_HOUR, to: endHour * SECONDS_PER_HOUR, zones, sent, delivered };
}
