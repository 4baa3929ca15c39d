/**
 * Test support for the index: a PGlite data directory per test, the config of a running devnet
 * as environment variables (for a writer in a child process), and a dump of every table to
 * compare two indexes row by row.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Devnet } from '@/devnet/index';
import { envVarForChain, loadConfig, type StrataConfig } from '@/lib/config';
import type { Queryable } from './db';

export function tempIndexDir(): string {
  return mkdtempSync(join(tmpdir(), 'strata-index-'));
}

/** STRATA_* variables that point a child process at `devnet`. */
export function devnetEnv(devnet: Devnet): Record<string, string> {
  const env: Record<string, string> = { STRATA_CHAINS: devnet.chains.map((c) => c.name).join(',') };
  for (const c of devnet.chains) env[envVarForChain(c.name)] = c.url;
  return env;
}

export function devnetConfig(devnet: Devnet): StrataConfig {
  return loadConfig(devnetEnv(devnet));
}

/** Every row of every index table in primary-key order, bytea as hex; bookkeeping columns (times, rates) left out. */
export async function dumpIndex(q: Queryable): Promise<Record<string, unknown[]>> {
  const tables: Record<string, string> = {
    index_cursor: `SELECT chain, number::text, encode(hash, 'hex') AS hash FROM index_cursor ORDER BY chain`,
    blocks: `SELECT chain, number::text, encode(hash, 'hex') AS hash, encode(parent_hash, 'hex') AS parent, number_prime::text,
                    number_region::text, timestamp::text, tx_count FROM blocks ORDER BY chain, number`,
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
  };
  const out: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(tables)) out[name] = [...(await q.query(sql))];
  return out;
}
