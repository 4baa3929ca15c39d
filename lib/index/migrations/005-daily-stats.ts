/**
 * Migration 5: daily counts per zone and the hourly ETX flow between zones (issue #12).
 *
 * daily_stats holds one row per (zone, UTC day) with running totals: blocks, transactions (all
 * types, as the node lists them in its blocks), ETXs sent (etx_origins rows), ETXs received (type 1
 * transactions) and active addresses. A chart of 30 days × 9 zones reads 270 rows by primary key,
 * whatever the number of transactions behind them; summing per-block rows instead would read
 * every block of those days (17,280 per zone-day at one block every 5 s).
 *
 * daily_addresses holds one row per (zone, day, address) that sent or received that day (the
 * addresses of the history rows), with the first block it was seen in. A write inserts what is new
 * and adds the number of rows it inserted to the day's total; a rollback above block N deletes the
 * rows first seen above N (blocks are written in order, so an address also seen at or below N
 * keeps its row) and subtracts them. The other totals are undone from the rows the rolled-back
 * blocks still have at that moment (blocks.tx_count, etx_origins, transactions), which is why no
 * per-block aggregate table is kept: it would repeat them.
 *
 * `day` is the number of whole days since 1970-01-01 UTC (timestamp / 86400). Days without a
 * stored block have no row; a rollback removes a row whose last block went.
 *
 * etx_flow_hourly counts, per hour of the origin block's timestamp (timestamp / 3600) and pair of
 * zones, the ETXs sent and how many of them the destination zone has included. Counting them at
 * read time meant reading every ETX of the period (5.8 s for one day at 1 ETX/s per zone on
 * PostgreSQL, bench:stats); the 30-day matrix now reads at most 720 × 81 rows. "Delivered" joins two
 * chains, so whichever end is written second counts it: an origin block adds the ETXs whose type 1
 * is already stored, a destination block the type 1s whose origin is; a rollback of either end
 * subtracts the same way. One writer connection commits one block window at a time, so each side
 * sees the other's committed rows and none is counted twice or missed.
 *
 * Backfill: an index created before this migration gets the tables filled from the rows it
 * already has (blocks, transactions, address_transactions, etx_origins), in the migration's own
 * transaction, without asking the node.
 */
export const migration = {
  id: 5,
  name: 'daily-stats',
  sql: `
CREATE TABLE daily_stats (
  chain             text NOT NULL,
  day               integer NOT NULL,
  blocks            integer NOT NULL,
  transactions      bigint NOT NULL,
  etx_sent          bigint NOT NULL,
  etx_received      bigint NOT NULL,
  active_addresses  bigint NOT NULL,
  PRIMARY KEY (chain, day)
);

CREATE TABLE daily_addresses (
  chain        text NOT NULL,
  day          integer NOT NULL,
  address      bytea NOT NULL,
  first_block  bigint NOT NULL,
  PRIMARY KEY (chain, day, address)
);
CREATE INDEX daily_addresses_by_block ON daily_addresses (chain, first_block);

CREATE TABLE etx_flow_hourly (
  hour         integer NOT NULL,
  origin       text NOT NULL,
  destination  text NOT NULL,
  sent         bigint NOT NULL,
  delivered    bigint NOT NULL,
  PRIMARY KEY (hour, origin, destination)
);

INSERT INTO etx_flow_hourly (hour, origin, destination, sent, delivered)
SELECT hour, origin, destination, count(*), count(*) FILTER (WHERE delivered)
  FROM (SELECT (b.timestamp / 3600)::integer AS hour, o.chain AS origin, o.destination,
               EXISTS (SELECT 1 FROM transactions d WHERE d.hash = o.hash AND d.type = 1 AND d.chain = o.destination
                          AND o.destination <> o.chain) AS delivered
          FROM etx_origins o JOIN blocks b ON b.chain = o.chain AND b.number = o.block_number) e
 GROUP BY hour, origin, destination;

INSERT INTO daily_addresses (chain, day, address, first_block)
SELECT a.chain, (b.timestamp / 86400)::integer, a.address, min(a.block_number)
  FROM address_transactions a JOIN blocks b ON b.chain = a.chain AND b.number = a.block_number
 GROUP BY a.chain, (b.timestamp / 86400)::integer, a.address;

INSERT INTO daily_stats (chain, day, blocks, transactions, etx_sent, etx_received, active_addresses)
SELECT b.chain, (b.timestamp / 86400)::integer, count(*), sum(b.tx_count), coalesce(sum(o.n), 0), coalesce(sum(r.n), 0), 0
  FROM blocks b
  LEFT JOIN (SELECT chain, block_number, count(*) AS n FROM etx_origins GROUP BY chain, block_number) o
         ON o.chain = b.chain AND o.block_number = b.number
  LEFT JOIN (SELECT chain, block_number, count(*) AS n FROM transactions WHERE type = 1 GROUP BY chain, block_number) r
         ON r.chain = b.chain AND r.block_number = b.number
 GROUP BY b.chain, (b.timestamp / 86400)::integer;

UPDATE daily_stats s SET active_addresses = a.n
  FROM (SELECT chain, day, count(*) AS n FROM daily_addresses GROUP BY chain, day) a
 WHERE s.chain = a.chain AND s.day = a.day
`,
} as const;
