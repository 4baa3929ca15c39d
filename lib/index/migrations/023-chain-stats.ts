/**
 * Migration 23: the chain's statistics per hour, what the charts (/charts) and Etherscan's daily
 * stats actions read (derivations/chain-stats.ts, derivations/new-addresses.ts).
 *
 * block_stats holds one row per stored block with what its header and receipts say: the seconds
 * since its parent (NULL for the first stored block, and for block 1: the genesis block's time is
 * configured, not mined), difficulty, gas used and limit, base fee,
 * uncles, transactions, ETXs sent and received, and its transactions' effective gas prices (sum,
 * count, least, greatest) and the fees above the base fee its miner got (`tips`). chain_stats_hourly
 * sums them per zone and hour (timestamp / 3600): a chart of 30 days reads 720 rows by primary key
 * whatever the traffic, a day is the sum of its 24 hours. Least and greatest cannot be subtracted,
 * so a rollback recomputes them for the hours it touches from the block rows still stored
 * (`first_block`, the hour's lowest block, bounds that read).
 *
 * address_first_seen holds the block each address first appeared in per zone (as a sender,
 * recipient or created contract: the history's parties), hourly_new_addresses how many appeared
 * per hour. Filled here from the history the index already holds (so that derivation is not
 * re-read: re-reading old blocks after newer ones would find every address already seen);
 * block_stats needs the headers, so an index that holds blocks re-reads them (migrate.ts).
 */
export const migration = {
  id: 23,
  name: 'chain-stats',
  sql: `
CREATE TABLE block_stats (
  chain          text NOT NULL,
  block_number   bigint NOT NULL,
  hour           integer NOT NULL,
  block_time     integer,
  difficulty     numeric NOT NULL,
  gas_used       numeric NOT NULL,
  gas_limit      numeric NOT NULL,
  base_fee       numeric NOT NULL,
  uncles         integer NOT NULL,
  transactions   integer NOT NULL,
  etx_sent       integer NOT NULL,
  etx_received   integer NOT NULL,
  gas_price_sum  numeric NOT NULL,
  priced         integer NOT NULL,
  gas_price_min  numeric,
  gas_price_max  numeric,
  tips           numeric NOT NULL,
  PRIMARY KEY (chain, block_number)
);

CREATE TABLE chain_stats_hourly (
  chain           text NOT NULL,
  hour            integer NOT NULL,
  first_block     bigint NOT NULL,
  blocks          integer NOT NULL,
  timed_blocks    integer NOT NULL,
  block_time_sum  bigint NOT NULL,
  difficulty_sum  numeric NOT NULL,
  gas_used        numeric NOT NULL,
  gas_limit_sum   numeric NOT NULL,
  base_fee_sum    numeric NOT NULL,
  uncles          bigint NOT NULL,
  transactions    bigint NOT NULL,
  etx_sent        bigint NOT NULL,
  etx_received    bigint NOT NULL,
  gas_price_sum   numeric NOT NULL,
  priced          bigint NOT NULL,
  gas_price_min   numeric,
  gas_price_max   numeric,
  tips            numeric NOT NULL,
  PRIMARY KEY (chain, hour)
);

CREATE TABLE address_first_seen (
  chain         text NOT NULL,
  address       bytea NOT NULL,
  block_number  bigint NOT NULL,
  hour          integer NOT NULL,
  PRIMARY KEY (chain, address)
);
CREATE INDEX address_first_seen_by_block ON address_first_seen (chain, block_number);

CREATE TABLE hourly_new_addresses (
  chain      text NOT NULL,
  hour       integer NOT NULL,
  addresses  bigint NOT NULL,
  PRIMARY KEY (chain, hour)
);

INSERT INTO address_first_seen (chain, address, block_number, hour)
SELECT f.chain, f.address, f.block_number, (b.timestamp / 3600)::integer
  FROM (SELECT a.chain, a.address, min(a.block_number) AS block_number FROM address_transactions a GROUP BY a.chain, a.address) f
  JOIN blocks b ON b.chain = f.chain AND b.number = f.block_number;

INSERT INTO hourly_new_addresses (chain, hour, addresses)
SELECT chain, hour, count(*) FROM address_first_seen GROUP BY chain, hour
`,
} as const;
