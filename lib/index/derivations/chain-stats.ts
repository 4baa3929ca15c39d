/**
 * The chain-stats derivation (migration 23): one block_stats row per block (its header's figures,
 * its seconds since its parent, its transactions' gas prices, ETXs and the fees above the base
 * fee) and their sums per zone and hour in chain_stats_hourly, which the charts and Etherscan's
 * daily stats read (readers/chain-stats-reader.ts).
 *
 * A block's time is the seconds since its parent, not for block 1: the genesis block's time is set
 * by the chain's configuration (the devnet's is 2023-01-01), not by mining it.
 *
 * Both statements are built in SQL from the window's values, so a write posts without waiting for
 * an answer: the seconds since the parent come from the parent's `blocks` row (stored in the same
 * transaction, or before), and the hour's sums from the block_stats rows just inserted. Sums
 * commute and least/greatest too, so a re-read of old blocks after newer ones (an index made before
 * migration 23) ends with the rows a fresh index has.
 *
 * Rollback: the hours' sums lose what the block_stats rows above the height added (still there:
 * the engine deletes them after this runs), an hour left with no block goes, and the least and
 * greatest gas prices of the hours touched are read again from the block rows that stay.
 */
import { columns, text } from '../drivers/sql';
import type { BlockDerivation } from '../engine/derivation';
import type { IndexedBlock } from '../engine/indexed-block';

export const CHAIN_STATS = 'chain-stats';

const INSERT_BLOCKS = `
  INSERT INTO block_stats (chain, block_number, hour, block_time, difficulty, gas_used, gas_limit, base_fee, uncles, transactions,
                           etx_sent, etx_received, gas_price_sum, priced, gas_price_min, gas_price_max, tips)
  SELECT $1, u.n::bigint, (u.ts::bigint / 3600)::integer, CASE WHEN u.n::bigint > 1 THEN (u.ts::bigint - p.timestamp)::integer END, u.difficulty::numeric, u.gas_used::numeric,
         u.gas_limit::numeric, u.base_fee::numeric, u.uncles::integer, u.txs::integer, u.sent::integer, u.received::integer,
         u.price_sum::numeric, u.priced::integer, u.price_min::numeric, u.price_max::numeric, u.tips::numeric
    FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[],
                $12::text[], $13::text[], $14::text[], $15::text[], $16::text[])
      AS u(n, ts, difficulty, gas_used, gas_limit, base_fee, uncles, txs, sent, received, price_sum, priced, price_min, price_max, tips)
    LEFT JOIN blocks p ON p.chain = $1 AND p.number = u.n::bigint - 1
  ON CONFLICT DO NOTHING`;

const ADD_HOURS = `
  INSERT INTO chain_stats_hourly AS h (chain, hour, first_block, blocks, timed_blocks, block_time_sum, difficulty_sum, gas_used, gas_limit_sum,
                                       base_fee_sum, uncles, transactions, etx_sent, etx_received, gas_price_sum, priced, gas_price_min,
                                       gas_price_max, tips)
  SELECT chain, hour, min(block_number), count(*), count(block_time), coalesce(sum(block_time), 0), sum(difficulty), sum(gas_used),
         sum(gas_limit), sum(base_fee), sum(uncles), sum(transactions), sum(etx_sent), sum(etx_received), sum(gas_price_sum), sum(priced),
         min(gas_price_min), max(gas_price_max), sum(tips)
    FROM block_stats WHERE chain = $1 AND block_number BETWEEN $2 AND $3
   GROUP BY chain, hour
  ON CONFLICT (chain, hour) DO UPDATE SET
    first_block = least(h.first_block, EXCLUDED.first_block), blocks = h.blocks + EXCLUDED.blocks,
    timed_blocks = h.timed_blocks + EXCLUDED.timed_blocks, block_time_sum = h.block_time_sum + EXCLUDED.block_time_sum,
    difficulty_sum = h.difficulty_sum + EXCLUDED.difficulty_sum, gas_used = h.gas_used + EXCLUDED.gas_used,
    gas_limit_sum = h.gas_limit_sum + EXCLUDED.gas_limit_sum, base_fee_sum = h.base_fee_sum + EXCLUDED.base_fee_sum,
    uncles = h.uncles + EXCLUDED.uncles, transactions = h.transactions + EXCLUDED.transactions, etx_sent = h.etx_sent + EXCLUDED.etx_sent,
    etx_received = h.etx_received + EXCLUDED.etx_received, gas_price_sum = h.gas_price_sum + EXCLUDED.gas_price_sum,
    priced = h.priced + EXCLUDED.priced, gas_price_min = least(h.gas_price_min, EXCLUDED.gas_price_min),
    gas_price_max = greatest(h.gas_price_max, EXCLUDED.gas_price_max), tips = h.tips + EXCLUDED.tips`;

const REMOVE_HOURS = `
  UPDATE chain_stats_hourly h SET blocks = h.blocks - d.blocks, timed_blocks = h.timed_blocks - d.timed, block_time_sum = h.block_time_sum - d.block_time,
         difficulty_sum = h.difficulty_sum - d.difficulty, gas_used = h.gas_used - d.gas_used, gas_limit_sum = h.gas_limit_sum - d.gas_limit,
         base_fee_sum = h.base_fee_sum - d.base_fee, uncles = h.uncles - d.uncles, transactions = h.transactions - d.txs,
         etx_sent = h.etx_sent - d.sent, etx_received = h.etx_received - d.received, gas_price_sum = h.gas_price_sum - d.price_sum,
         priced = h.priced - d.priced, tips = h.tips - d.tips
    FROM (SELECT hour, count(*) AS blocks, count(block_time) AS timed, coalesce(sum(block_time), 0) AS block_time, sum(difficulty) AS difficulty,
                 sum(gas_used) AS gas_used, sum(gas_limit) AS gas_limit, sum(base_fee) AS base_fee, sum(uncles) AS uncles, sum(transactions) AS txs,
                 sum(etx_sent) AS sent, sum(etx_received) AS received, sum(gas_price_sum) AS price_sum, sum(priced) AS priced, sum(tips) AS tips
            FROM block_stats WHERE chain = $1 AND block_number > $2 GROUP BY hour) d
   WHERE h.chain = $1 AND h.hour = d.hour`;

// The hours a rollback touched, their least and greatest gas prices read again from the blocks that stay.
const RECOMPUTE_EXTREMES = `
  UPDATE chain_stats_hourly h SET gas_price_min = x.low, gas_price_max = x.high
    FROM (SELECT s.hour, min(s.gas_price_min) AS low, max(s.gas_price_max) AS high
            FROM chain_stats_hourly t JOIN block_stats s ON s.chain = t.chain AND s.block_number BETWEEN t.first_block AND $2 AND s.hour = t.hour
           WHERE t.chain = $1 AND t.hour IN (SELECT DISTINCT hour FROM block_stats WHERE chain = $1 AND block_number > $2)
           GROUP BY s.hour) x
   WHERE h.chain = $1 AND h.hour = x.hour`;

/** One block's row values, in INSERT_BLOCKS' column order (after the chain). */
function blockRow(b: IndexedBlock): (string | null)[] {
  const header = b.header ?? { difficulty: 0n, gasUsed: 0n, gasLimit: 0n, baseFee: 0n, uncles: 0 };
  let sum = 0n;
  let priced = 0;
  let min: bigint | null = null;
  let max: bigint | null = null;
  let tips = 0n;
  let sent = 0;
  let received = 0;
  for (const tx of b.transactions) {
    sent += tx.etxs.length;
    if (tx.type === 1) received += 1;
    if (tx.gasPrice === null) continue;
    sum += tx.gasPrice;
    priced += 1;
    if (min === null || tx.gasPrice < min) min = tx.gasPrice;
    if (max === null || tx.gasPrice > max) max = tx.gasPrice;
    if (tx.gasUsed !== null && tx.gasPrice > header.baseFee) tips += tx.gasUsed * (tx.gasPrice - header.baseFee);
  }
  return [
    text(b.number), text(b.timestamp), text(header.difficulty), text(header.gasUsed), text(header.gasLimit), text(header.baseFee),
    text(header.uncles), text(b.transactions.length), text(sent), text(received), text(sum), text(priced), text(min), text(max), text(tips),
  ];
}

export const chainStatsDerivation: BlockDerivation = {
  name: CHAIN_STATS,
  since: 23,
  tables: [{ name: 'block_stats', rows: 'of-block' }, { name: 'chain_stats_hourly', rows: 'totals' }],

  async write(tx, blocks) {
    const first = blocks[0];
    const last = blocks.at(-1);
    if (!first || !last) return;
    await tx.query(INSERT_BLOCKS, [first.chain, ...columns(blocks.map(blockRow), 15)]);
    await tx.query(ADD_HOURS, [first.chain, first.number, last.number]);
  },

  async rollback(tx, chain, number) {
    await tx.query(REMOVE_HOURS, [chain, number]);
    await tx.query('DELETE FROM chain_stats_hourly WHERE chain = $1 AND blocks = 0', [chain]);
    await tx.query(RECOMPUTE_EXTREMES, [chain, number]);
  },
};
