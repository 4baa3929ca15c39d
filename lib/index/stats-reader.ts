/**
 * Daily counts per zone and the ETX flow between zones, from the index (migration 5).
 *
 * A day series reads daily_stats by primary key: one row per day whatever the traffic. The flow
 * reads the ETXs emitted in a period (blocks_by_time, then etx_origins by block) and, for each,
 * whether its destination zone has included it (the type 1 of the same hash, as a journey does).
 */
import { ZONES, type ChainName } from '@/lib/chains';
import type { Queryable } from './db';
import { big, chainName, integer, text } from './row-values';
import { SECONDS_PER_DAY } from './stats-derivation';

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
  /** Seconds, inclusive start and exclusive end of the period (origin block timestamps). */
  readonly from: bigint;
  readonly to: bigint;
  /** The nine zones, in the order of the matrices' rows (origin) and columns (destination). */
  readonly zones: readonly ChainName[];
  /** ETXs emitted in the period, origin × destination. */
  readonly sent: readonly (readonly number[])[];
  /** Of those, the ones the destination zone has included (as far as it is indexed). */
  readonly delivered: readonly (readonly number[])[];
}

/** The 9 × 9 ETX flow of ETXs whose origin block's timestamp is in [from, to). */
export async function etxFlow(q: Queryable, from: bigint, to: bigint): Promise<EtxFlow> {
  const rows = await q.query(
    `SELECT origin, destination, count(*)::text AS sent, count(*) FILTER (WHERE delivered)::text AS delivered
       FROM (SELECT o.chain AS origin, o.destination,
                    EXISTS (SELECT 1 FROM transactions d WHERE d.hash = o.hash AND d.type = 1 AND d.chain = o.destination) AS delivered
               FROM blocks b JOIN etx_origins o ON o.chain = b.chain AND o.block_number = b.number
              WHERE b.timestamp >= $1 AND b.timestamp < $2) e
      GROUP BY origin, destination`,
    [from, to],
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
  return { from, to, zones, sent, delivered };
}
