/**
 * The daily-counts derivation (migration 5): per (zone, UTC day) running totals of blocks,
 * transactions, ETXs sent and received, and active addresses, and per hour the ETX flow between
 * zones, all kept exact under rollback.
 *
 * A window of blocks adds its totals to its days' rows (an upsert per day), and inserts the
 * (day, address) pairs not seen yet that day, adding the number actually inserted to the day's
 * active addresses. The rollback undoes both from rows that still exist when it runs: it is the
 * last entry of DERIVATIONS (index.ts), so it is rolled back first, while the blocks, their
 * transactions and their etx_origins are still there to say what they had added.
 */
import { RETURNS_NO_ROWS, type Queryable } from '../drivers/db';
import { columns, hexParam, text } from '../drivers/sql';
import type { Derivation } from '../engine/derivation';
import { addressRoles, type IndexedBlock } from '../engine/indexed-block';
import { etxOriginDerivation } from './etx-origins';

export const SECONDS_PER_DAY = 86_400n;

/** The UTC day of a block timestamp, as days since 1970-01-01 (the `day` column). */
export const dayOf = (timestamp: bigint): number => Number(timestamp / SECONDS_PER_DAY);

const ADD_TOTALS = `
  INSERT INTO daily_stats (chain, day, blocks, transactions, etx_sent, etx_received, active_addresses)
  SELECT $1, day::integer, blocks::integer, txs::bigint, sent::bigint, received::bigint, 0
    FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS u(day, blocks, txs, sent, received)
  ON CONFLICT (chain, day) DO UPDATE SET
    blocks = daily_stats.blocks + EXCLUDED.blocks,
    transactions = daily_stats.transactions + EXCLUDED.transactions,
    etx_sent = daily_stats.etx_sent + EXCLUDED.etx_sent,
    etx_received = daily_stats.etx_received + EXCLUDED.etx_received`;

// ON CONFLICT DO NOTHING returns only the rows it inserted: exactly the addresses new to their day.
const ADD_ADDRESSES = `
  WITH added AS (
    INSERT INTO daily_addresses (chain, day, address, first_block)
    SELECT $1, day::integer, decode(address, 'hex'), first_block::bigint
      FROM unnest($2::text[], $3::text[], $4::text[]) AS u(day, address, first_block)
    ON CONFLICT (chain, day, address) DO NOTHING
    RETURNING day)
  UPDATE daily_stats s SET active_addresses = s.active_addresses + c.n
    FROM (SELECT day, count(*) AS n FROM added GROUP BY day) c
   WHERE s.chain = $1 AND s.day = c.day`;

// Blocks are written in order, so an address also seen that day at or below N has first_block <= N.
const REMOVE_ADDRESSES = `
  WITH gone AS (DELETE FROM daily_addresses WHERE chain = $1 AND first_block > $2 RETURNING day)
  UPDATE daily_stats s SET active_addresses = s.active_addresses - c.n
    FROM (SELECT day, count(*) AS n FROM gone GROUP BY day) c
   WHERE s.chain = $1 AND s.day = c.day`;

const REMOVE_TOTALS = `
  UPDATE daily_stats s SET blocks = s.blocks - d.blocks, transactions = s.transactions - d.txs,
                           etx_sent = s.etx_sent - d.sent, etx_received = s.etx_received - d.received
    FROM (SELECT (b.timestamp / 86400)::integer AS day, count(*) AS blocks, sum(b.tx_count) AS txs,
                 coalesce(sum(o.n), 0) AS sent, coalesce(sum(r.n), 0) AS received
            FROM blocks b
            LEFT JOIN (SELECT block_number, count(*) AS n FROM etx_origins WHERE chain = $1 AND block_number > $2
                        GROUP BY block_number) o ON o.block_number = b.number
            LEFT JOIN (SELECT block_number, count(*) AS n FROM transactions WHERE chain = $1 AND block_number > $2 AND type = 1
                        GROUP BY block_number) r ON r.block_number = b.number
           WHERE b.chain = $1 AND b.number > $2
           GROUP BY 1) d
   WHERE s.chain = $1 AND s.day = d.day`;

/**
 * Whether the ETX `hash` is stored as a type 1 transaction of `destination`. Looked up by hash
 * alone (the transactions_by_hash index), the type and chain then checked on the row found: with
 * the chain in the WHERE clause, a planner without statistics (PGlite has no autovacuum to gather
 * them) chose to scan the primary key for every transaction of the destination, once per ETX.
 */
const DELIVERED_TO = (hash: string, destination: string): string =>
  `coalesce((SELECT bool_or(d.type = 1 AND d.chain = ${destination}) FROM transactions d WHERE d.hash = ${hash}), false)`;

// The ETX flow (see migration 5): the origin end counts what it sends and, of that, what its
// destination already holds; the destination end counts the deliveries whose origin is already
// stored. An ETX to its own zone (not a valid ETX) is never counted delivered, by either end.
const ADD_SENT = `
  INSERT INTO etx_flow_hourly (hour, origin, destination, sent, delivered)
  SELECT hour, $1, destination, count(*), count(*) FILTER (WHERE delivered)
    FROM (SELECT u.hour::integer AS hour, u.destination, u.destination <> $1 AND ${DELIVERED_TO('decode(u.hash, \'hex\')', 'u.destination')} AS delivered
            FROM unnest($2::text[], $3::text[], $4::text[]) AS u(hour, destination, hash)) e
   GROUP BY hour, destination
  ON CONFLICT (hour, origin, destination) DO UPDATE SET
    sent = etx_flow_hourly.sent + EXCLUDED.sent, delivered = etx_flow_hourly.delivered + EXCLUDED.delivered`;

// One origin lookup per delivered hash (the etx_origins_by_hash index), never a scan of
// etx_origins, whatever the planner knows of its size. OFFSET 0 keeps the LATERAL subquery a
// lookup per hash: flattened into a join, a planner without statistics scanned the whole table.
const ADD_DELIVERED = `
  INSERT INTO etx_flow_hourly (hour, origin, destination, sent, delivered)
  SELECT (b.timestamp / 3600)::integer, o.chain, $1, 0, count(*)
    FROM unnest($2::text[]) AS h
    CROSS JOIN LATERAL (SELECT chain, block_number FROM etx_origins WHERE hash = decode(h, 'hex') AND destination = $1 AND chain <> $1 OFFSET 0) o
    JOIN blocks b ON b.chain = o.chain AND b.number = o.block_number
   GROUP BY 1, 2
  ON CONFLICT (hour, origin, destination) DO UPDATE SET delivered = etx_flow_hourly.delivered + EXCLUDED.delivered`;

const REMOVE_SENT = `
  UPDATE etx_flow_hourly f SET sent = f.sent - e.sent, delivered = f.delivered - e.delivered
    FROM (SELECT hour, destination, count(*) AS sent, count(*) FILTER (WHERE delivered) AS delivered
            FROM (SELECT (b.timestamp / 3600)::integer AS hour, o.destination,
                         o.destination <> o.chain AND ${DELIVERED_TO('o.hash', 'o.destination')} AS delivered
                    FROM etx_origins o JOIN blocks b ON b.chain = o.chain AND b.number = o.block_number
                   WHERE o.chain = $1 AND o.block_number > $2) x
           GROUP BY hour, destination) e
   WHERE f.hour = e.hour AND f.origin = $1 AND f.destination = e.destination`;

const REMOVE_DELIVERED = `
  UPDATE etx_flow_hourly f SET delivered = f.delivered - e.n
    FROM (SELECT (b.timestamp / 3600)::integer AS hour, o.chain AS origin, count(*) AS n
            FROM transactions t
            JOIN etx_origins o ON o.hash = t.hash AND o.destination = t.chain AND o.chain <> t.chain
            JOIN blocks b ON b.chain = o.chain AND b.number = o.block_number
           WHERE t.chain = $1 AND t.block_number > $2 AND t.type = 1
           GROUP BY 1, 2) e
   WHERE f.hour = e.hour AND f.origin = e.origin AND f.destination = $1`;

interface DayTotals { blocks: number; txs: number; sent: number; received: number }

/** The hour of a block timestamp, as hours since 1970-01-01 UTC (etx_flow_hourly's `hour`). */
export const hourOf = (timestamp: bigint): number => Number(timestamp / 3_600n);

/** ADD_SENT's rows: each ETX the blocks emitted, as (hour of its block, destination, hash). */
function sentEtxRows(blocks: readonly IndexedBlock[]): (string | null)[][] {
  return blocks.flatMap((b) => b.transactions.flatMap((t) => t.etxs.map((e) => [text(hourOf(b.timestamp)), e.destination, hexParam(e.hash)])));
}

async function writeFlow(tx: Queryable, blocks: readonly IndexedBlock[]): Promise<void> {
  const chain = blocks[0]?.chain;
  if (!chain) return;
  const sent = sentEtxRows(blocks);
  if (sent.length > 0) await tx.query(ADD_SENT, [chain, ...columns(sent, 3)]);
  const received = blocks.flatMap((b) => b.transactions.filter((t) => t.type === 1).map((t) => hexParam(t.hash)));
  if (received.length > 0) await tx.query(ADD_DELIVERED, [chain, received]);
}

const ADD_SENT_TO_DAYS = `
  UPDATE daily_stats s SET etx_sent = s.etx_sent + u.sent::bigint
    FROM unnest($2::text[], $3::text[]) AS u(day, sent)
   WHERE s.chain = $1 AND s.day = u.day::integer`;

/**
 * What the ETX origins of `blocks` add to the daily counts and the flow, for origins written after
 * the blocks' stats: an index older than migration 3 gets its old blocks' etx_origins by re-reading
 * (rereader.ts) after migration 5 counted those blocks without them. The same rule as a live write:
 * sent, and delivered when the destination's type 1 is already stored (else the destination counts
 * it when it is written, finding this origin). The blocks' day rows exist: migration 5 made them.
 */
export async function addRereadEtxOrigins(tx: Queryable, blocks: readonly IndexedBlock[]): Promise<void> {
  const chain = blocks[0]?.chain;
  if (!chain) return;
  const sent = sentEtxRows(blocks);
  if (sent.length === 0) return;
  await tx.query(ADD_SENT, [chain, ...columns(sent, 3)]);
  const perDay = new Map<number, number>();
  for (const b of blocks) {
    const n = b.transactions.reduce((sum, t) => sum + t.etxs.length, 0);
    if (n > 0) perDay.set(dayOf(b.timestamp), (perDay.get(dayOf(b.timestamp)) ?? 0) + n);
  }
  const rows = [...perDay].map(([day, n]) => [text(day), text(n)]);
  await tx.query(ADD_SENT_TO_DAYS, [chain, ...columns(rows, 2)]);
}

export const dailyStatsDerivation: Derivation = {
  name: 'daily-stats',
  since: 5,
  // Migration 5 fills these tables from the blocks, transactions and etx_origins already stored.
  rereads: false,
  // Running totals, taken back by `rollback` below (nothing of them is a block's own row).
  tables: [{ name: 'daily_stats', rows: 'totals' }, { name: 'daily_addresses', rows: 'totals' }, { name: 'etx_flow_hourly', rows: 'totals' }],

  async write(tx, blocks) {
    const first = blocks[0];
    if (!first) return;
    const totals = new Map<number, DayTotals>();
    // (day, address) → the first block of this window it appears in; blocks come in order.
    const firstSeen = new Map<string, [number, string, bigint]>();
    for (const block of blocks) {
      const day = dayOf(block.timestamp);
      const t = totals.get(day) ?? { blocks: 0, txs: 0, sent: 0, received: 0 };
      totals.set(day, t);
      t.blocks += 1;
      t.txs += block.transactions.length;
      for (const x of block.transactions) {
        t.sent += x.etxs.length;
        if (x.type === 1) t.received += 1;
        for (const address of addressRoles(x).keys()) {
          const key = `${day}:${address}`;
          if (!firstSeen.has(key)) firstSeen.set(key, [day, address, block.number]);
        }
      }
    }
    await writeFlow(tx, blocks);
    const dayRows = [...totals].map(([day, t]) => [text(day), text(t.blocks), text(t.txs), text(t.sent), text(t.received)]);
    await tx.query(ADD_TOTALS, [first.chain, ...columns(dayRows, 5)]);
    if (firstSeen.size === 0) return;
    const addressRows = [...firstSeen.values()].map(([day, address, number]) => [text(day), hexParam(address), text(number)]);
    // Its RETURNING feeds the UPDATE inside the statement; nothing comes back, so PGlite pipelines it.
    await tx.query(RETURNS_NO_ROWS + ADD_ADDRESSES, [first.chain, ...columns(addressRows, 3)]);
  },

  async rollback(tx, chain, number) {
    await tx.query(REMOVE_SENT, [chain, number]);
    await tx.query(REMOVE_DELIVERED, [chain, number]);
    await tx.query('DELETE FROM etx_flow_hourly WHERE origin = $1 AND sent = 0', [chain]);
    await tx.query(REMOVE_ADDRESSES, [chain, number]);
    await tx.query(REMOVE_TOTALS, [chain, number]);
    await tx.query('DELETE FROM daily_stats WHERE chain = $1 AND blocks = 0', [chain]);
  },

  // Daily counts were made by migration 5 from the rows then stored; ETX origins re-read since
  // (an index older than migration 3) are added to them.
  async afterReread(tx, blocks, reread) {
    if (!reread.includes(etxOriginDerivation.name)) return;
    const [stats] = await tx.query(`SELECT to_regclass('daily_stats') IS NOT NULL AS present`);
    if (stats?.present === true) await addRereadEtxOrigins(tx, blocks);
  },
};
