/**
 * Test support for the index: a PGlite data directory per test (an empty cluster), waiting for a
 * condition, the config of a running devnet as environment variables (for a writer in a child
 * process), and a dump of every table to compare two indexes row by row.
 */
import { closeSync, mkdtempSync, openSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChainName } from '@/lib/protocol/chains';
import { envVarForChain, loadConfig, type StrataConfig } from '@/lib/ops/config';
import type { Queryable } from '../drivers/db';
import { copyPgliteTemplate } from './cluster-templates';

/**
 * A new data directory for an embedded index: an empty cluster copied from the run's template
 * (cluster-templates.ts), or an empty directory where there is none (the first open runs initdb).
 */
export function tempIndexDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'strata-index-'));
  copyPgliteTemplate(dir);
  return dir;
}

/**
 * What the damage tests overwrite: the history table's primary key, as pg_relation_filepath names
 * its file (relative to the data directory), with the table's row count so a test can check there
 * is something to damage.
 */
export async function historyKeyFile(db: Queryable): Promise<{ readonly rows: number; readonly relation: string }> {
  const [count] = await db.query('SELECT count(*)::int AS n FROM address_transactions');
  const [path] = await db.query(`SELECT pg_relation_filepath('address_transactions_pkey') AS path`);
  return { rows: Number(count?.n), relation: String(path?.path) };
}

const PAGE = 8192;

/**
 * Damages a relation on disk as a failing disk would: every 8 KB page of its file but the first
 * (a B-tree's metapage, so the damage is met on the way down, not at open) is overwritten with
 * bytes no page header can have (all zeros would pass as a new page). `relation` is
 * pg_relation_filepath's answer, relative to `dataDir`. Answers how many pages were overwritten.
 */
export function garbleRelation(dataDir: string, relation: string): number {
  const file = join(dataDir, relation);
  const pages = statSync(file).size / PAGE;
  const junk = Buffer.alloc(PAGE, 0xab);
  const fd = openSync(file, 'r+');
  try {
    for (let page = 1; page < pages; page++) writeSync(fd, junk, 0, PAGE, page * PAGE);
  } finally {
    closeSync(fd);
  }
  return pages - 1;
}

/** Polls `fn` every 100 ms until it gives a value (not null, undefined or false), or throws after `timeoutMs`. */
export async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A devnet's chains by name and URL: a Devnet, or what one running in another process reports. */
interface DevnetChains {
  readonly chains: readonly { readonly name: ChainName; readonly url: string }[];
}

/** STRATA_* variables that point a child process at `devnet`. */
export function devnetEnv(devnet: DevnetChains): Record<string, string> {
  const env: Record<string, string> = { STRATA_CHAINS: devnet.chains.map((c) => c.name).join(',') };
  for (const c of devnet.chains) env[envVarForChain(c.name)] = c.url;
  return env;
}

export function devnetConfig(devnet: DevnetChains): StrataConfig {
  return loadConfig(devnetEnv(devnet));
}

/** Every row of every index table in primary-key order, bytea as hex; bookkeeping columns (times, rates) left out. */
export async function dumpIndex(q: Queryable): Promise<Record<string, unknown[]>> {
  const tables: Record<string, string> = {
    index_cursor: `SELECT chain, number::text, encode(hash, 'hex') AS hash FROM index_cursor ORDER BY chain`,
    index_trace_cursor: `SELECT chain, number::text, stalled FROM index_trace_cursor ORDER BY chain`,
    untraced_blocks: `SELECT chain, block_number::text, encode(block_hash, 'hex') AS hash, reason, attempts FROM untraced_blocks ORDER BY chain, block_number`,
    blocks: `SELECT chain, number::text, encode(hash, 'hex') AS hash, encode(parent_hash, 'hex') AS parent, number_prime::text,
                    number_region::text, timestamp::text, tx_count, encode(miner, 'hex') AS miner, block_order, gas_used::text,
                    gas_limit::text, base_fee::text, difficulty::text, etx_count, uncle_count FROM blocks ORDER BY chain, number`,
    transactions: `SELECT chain, block_number::text, tx_index, encode(hash, 'hex') AS hash, type, encode(sender, 'hex') AS sender,
                          encode(recipient, 'hex') AS recipient, encode(contract_address, 'hex') AS created, value::text, nonce::text,
                          gas::text, gas_used::text, gas_price::text, status, encode(method, 'hex') AS method, other_chain
                     FROM transactions ORDER BY chain, block_number, tx_index`,
    address_transactions: `SELECT encode(address, 'hex') AS address, block_number::text, tx_index, chain, role
                             FROM address_transactions ORDER BY address, block_number, tx_index, chain`,
    token_transfers: `SELECT chain, block_number::text, tx_index, log_index, item, standard, encode(token, 'hex') AS token,
                             encode(sender, 'hex') AS sender, encode(recipient, 'hex') AS recipient, amount::text, token_id::text
                        FROM token_transfers ORDER BY chain, block_number, tx_index, log_index, item`,
    address_token_transfers: `SELECT encode(address, 'hex') AS address, block_number::text, tx_index, log_index, item, chain, role
                                FROM address_token_transfers ORDER BY address, block_number, tx_index, log_index, item, chain`,
    tokens: `SELECT chain, encode(token, 'hex') AS token, standard, name, symbol, decimals, answered, block_number::text
               FROM tokens ORDER BY chain, token`,
    index_rereads: `SELECT chain, derivation, next::text, through::text FROM index_rereads ORDER BY chain, derivation`,
    etx_origins: `SELECT chain, block_number::text, tx_index, etx_index, encode(hash, 'hex') AS hash, destination
                    FROM etx_origins ORDER BY chain, block_number, tx_index, etx_index`,
    contract_creations: `SELECT chain, block_number::text, tx_index, encode(address, 'hex') AS address, encode(creator, 'hex') AS creator,
                               encode(tx_hash, 'hex') AS tx_hash FROM contract_creations ORDER BY chain, block_number, tx_index`,
    daily_stats: `SELECT chain, day, blocks, transactions::text, etx_sent::text, etx_received::text, active_addresses::text
                    FROM daily_stats ORDER BY chain, day`,
    daily_addresses: `SELECT chain, day, encode(address, 'hex') AS address, first_block::text
                        FROM daily_addresses ORDER BY chain, day, address`,
    etx_flow_hourly: `SELECT hour, origin, destination, sent::text, delivered::text FROM etx_flow_hourly ORDER BY hour, origin, destination`,
    internal_transfers: `SELECT chain, block_number::text, tx_index, seq, trace_id, type, encode(sender, 'hex') AS sender,
                                encode(recipient, 'hex') AS recipient, encode(contract_address, 'hex') AS created, value::text,
                                gas::text, gas_used::text, error
                           FROM internal_transfers ORDER BY chain, block_number, tx_index, seq`,
    address_internal_transfers: `SELECT encode(address, 'hex') AS address, block_number::text, tx_index, seq, chain, role
                                   FROM address_internal_transfers ORDER BY address, block_number, tx_index, seq, chain`,
    mined_blocks: `SELECT chain, block_number::text, uncle, encode(miner, 'hex') AS miner, encode(hash, 'hex') AS hash, number::text
                     FROM mined_blocks ORDER BY chain, block_number, uncle`,
    logs: `SELECT chain, block_number::text, log_index, tx_index, encode(address, 'hex') AS address, encode(topic0, 'hex') AS topic0,
                  encode(topic1, 'hex') AS topic1, encode(topic2, 'hex') AS topic2, encode(topic3, 'hex') AS topic3, encode(data, 'hex') AS data
             FROM logs ORDER BY chain, block_number, log_index`,
    token_approvals: `SELECT chain, block_number::text, tx_index, log_index, kind, encode(token, 'hex') AS token, encode(owner, 'hex') AS owner,
                             encode(spender, 'hex') AS spender, amount::text
                        FROM token_approvals ORDER BY chain, block_number, tx_index, log_index`,
    token_stats: `SELECT chain, encode(token, 'hex') AS token, transfers::text, holders::text, minted::text, burned::text, standard, name_key, symbol_key
                    FROM token_stats ORDER BY chain, token`,
    // A balance at zero counts for nothing (a rollback may leave one a fresh index lacks).
    token_balances: `SELECT chain, encode(token, 'hex') AS token, encode(holder, 'hex') AS holder, balance::text
                       FROM token_balances WHERE balance <> 0 ORDER BY chain, token, holder`,
    token_transfers_hourly: `SELECT chain, encode(token, 'hex') AS token, hour, transfers::text
                               FROM token_transfers_hourly ORDER BY chain, token, hour`,
    index_balance_cursor: `SELECT chain, number::text, internal::text FROM index_balance_cursor ORDER BY chain`,
    balance_changes: `SELECT chain, block_number::text, encode(address, 'hex') AS address, balance::text, delta::text
                        FROM balance_changes ORDER BY chain, block_number, address`,
    account_balances: `SELECT chain, encode(address, 'hex') AS address, balance::text, block_number::text
                         FROM account_balances ORDER BY chain, address`,
    account_totals: `SELECT chain, through::text, total::text, accounts::text FROM account_totals ORDER BY chain`,
    address_tx_counts: `SELECT chain, encode(address, 'hex') AS address, transactions::text FROM address_tx_counts ORDER BY chain, address`,
    block_stats: `SELECT chain, block_number::text, hour, block_time, difficulty::text, gas_used::text, gas_limit::text, base_fee::text, uncles,
                         transactions, etx_sent, etx_received, gas_price_sum::text, priced, gas_price_min::text, gas_price_max::text, tips::text
                    FROM block_stats ORDER BY chain, block_number`,
    chain_stats_hourly: `SELECT chain, hour, first_block::text, blocks, timed_blocks, block_time_sum::text, difficulty_sum::text, gas_used::text,
                                gas_limit_sum::text, base_fee_sum::text, uncles::text, transactions::text, etx_sent::text, etx_received::text,
                                gas_price_sum::text, priced::text, gas_price_min::text, gas_price_max::text, tips::text
                           FROM chain_stats_hourly ORDER BY chain, hour`,
    address_first_seen: `SELECT chain, encode(address, 'hex') AS address, block_number::text, hour FROM address_first_seen ORDER BY chain, address`,
    hourly_new_addresses: `SELECT chain, hour, addresses::text FROM hourly_new_addresses ORDER BY chain, hour`,
  };
  const out: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(tables)) out[name] = [...(await q.query(sql))];
  return out;
}

/**
 * token_stats, token_balances and token_transfers_hourly counted afresh from the stored
 * token_transfers (and their blocks' times), in dumpIndex's shapes: what the running totals of
 * the token-stats derivation must equal after any sequence of writes and rollbacks.
 */
export async function recomputedTokenStats(q: Queryable): Promise<Record<string, unknown[]>> {
  const zero = `'\\x${'00'.repeat(20)}'::bytea`;
  const balances = `
    SELECT chain, token, holder, sum(delta) AS balance FROM (
        SELECT chain, token, recipient AS holder, amount AS delta FROM token_transfers
        UNION ALL SELECT chain, token, sender, -amount FROM token_transfers) m
     WHERE holder <> ${zero} GROUP BY chain, token, holder`;
  return {
    token_stats: [...(await q.query(`
      SELECT t.chain, encode(t.token, 'hex') AS token, count(*)::text AS transfers,
             (SELECT count(*) FROM (${balances}) b WHERE b.chain = t.chain AND b.token = t.token AND b.balance > 0)::text AS holders,
             coalesce(sum(amount) FILTER (WHERE sender = ${zero}), 0)::text AS minted,
             coalesce(sum(amount) FILTER (WHERE recipient = ${zero}), 0)::text AS burned,
             k.standard, lower(k.name) AS name_key, lower(k.symbol) AS symbol_key
        FROM token_transfers t LEFT JOIN tokens k ON k.chain = t.chain AND k.token = t.token
       GROUP BY t.chain, t.token, k.standard, k.name, k.symbol ORDER BY t.chain, t.token`))],
    token_balances: [...(await q.query(`
      SELECT chain, encode(token, 'hex') AS token, encode(holder, 'hex') AS holder, balance::text
        FROM (${balances}) b WHERE balance <> 0 ORDER BY chain, token, holder`))],
    token_transfers_hourly: [...(await q.query(`
      SELECT t.chain, encode(t.token, 'hex') AS token, (b.timestamp / 3600)::integer AS hour, count(*)::text AS transfers
        FROM token_transfers t JOIN blocks b ON b.chain = t.chain AND b.number = t.block_number
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`))],
  };
}

/**
 * daily_stats as migration 5's backfill would compute it from the stored blocks, transactions,
 * history rows and ETX origins, in daily_stats' own dump shape: what the running totals must equal
 * after any sequence of writes and rollbacks.
 */
export async function recomputedDailyStats(q: Queryable): Promise<unknown[]> {
  return [...(await q.query(`
    SELECT t.chain, t.day, t.blocks, t.transactions, t.etx_sent, t.etx_received, coalesce(a.n, 0)::text AS active_addresses
      FROM (SELECT b.chain, (b.timestamp / 86400)::integer AS day, count(*)::integer AS blocks, sum(b.tx_count)::text AS transactions,
                   coalesce(sum(o.n), 0)::text AS etx_sent, coalesce(sum(r.n), 0)::text AS etx_received
              FROM blocks b
              LEFT JOIN (SELECT chain, block_number, count(*) AS n FROM etx_origins GROUP BY chain, block_number) o
                     ON o.chain = b.chain AND o.block_number = b.number
              LEFT JOIN (SELECT chain, block_number, count(*) AS n FROM transactions WHERE type = 1 GROUP BY chain, block_number) r
                     ON r.chain = b.chain AND r.block_number = b.number
             GROUP BY b.chain, (b.timestamp / 86400)::integer) t
      LEFT JOIN (SELECT a.chain, (ab.timestamp / 86400)::integer AS day, count(DISTINCT a.address) AS n
                   FROM address_transactions a JOIN blocks ab ON ab.chain = a.chain AND ab.number = a.block_number
                  GROUP BY a.chain, (ab.timestamp / 86400)::integer) a ON a.chain = t.chain AND a.day = t.day
     ORDER BY t.chain, t.day`))];
}

/** etx_flow_hourly as counted from the stored ETX origins and type 1 transactions, in its dump shape. */
export async function recomputedEtxFlow(q: Queryable): Promise<unknown[]> {
  return [...(await q.query(`
    SELECT hour, origin, destination, count(*)::text AS sent, count(*) FILTER (WHERE delivered)::text AS delivered
      FROM (SELECT (b.timestamp / 3600)::integer AS hour, o.chain AS origin, o.destination,
                   EXISTS (SELECT 1 FROM transactions d WHERE d.hash = o.hash AND d.type = 1 AND d.chain = o.destination
                              AND o.destination <> o.chain) AS delivered
              FROM etx_origins o JOIN blocks b ON b.chain = o.chain AND b.number = o.block_number) e
     GROUP BY hour, origin, destination
     ORDER BY hour, origin, destination`))];
}

/** chain_stats_hourly as summed from the stored block_stats rows, in its dump shape: what the running sums must equal after any writes and rollbacks. */
export async function recomputedChainStats(q: Queryable): Promise<unknown[]> {
  return [...(await q.query(`
    SELECT chain, hour, min(block_number)::text AS first_block, count(*)::integer AS blocks, count(block_time)::integer AS timed_blocks,
           coalesce(sum(block_time), 0)::text AS block_time_sum, sum(difficulty)::text AS difficulty_sum, sum(gas_used)::text AS gas_used,
           sum(gas_limit)::text AS gas_limit_sum, sum(base_fee)::text AS base_fee_sum, sum(uncles)::text AS uncles,
           sum(transactions)::text AS transactions, sum(etx_sent)::text AS etx_sent, sum(etx_received)::text AS etx_received,
           sum(gas_price_sum)::text AS gas_price_sum, sum(priced)::text AS priced, min(gas_price_min)::text AS gas_price_min,
           max(gas_price_max)::text AS gas_price_max, sum(tips)::text AS tips
      FROM block_stats GROUP BY chain, hour ORDER BY chain, hour`))];
}
