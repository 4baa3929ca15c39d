/**
 * Balances through time from the index (migration 22, the balance pass): an address's changes
 * newest first (keyset pages through balance_changes_by_address: one seek plus `limit` rows
 * whatever the depth; `b1:` cursors), its balance at a block (Etherscan's balancehistory), the
 * series a chart draws, and how far each chain's balance pass is.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Address, Hash } from '@/lib/rpc/domain';
import type { Queryable, Row } from '../drivers/db';
import { hexCol, hexParam } from '../drivers/sql';
import { clampLimit, keyset } from './paging/keyset';
import { cursorCodec } from './paging/page-cursor';
import { big, chainName, IndexRowError, optionalBig, text } from './paging/row-values';

export interface BalanceChangeItem {
  readonly chain: ChainName;
  readonly blockNumber: bigint;
  readonly blockHash: Hash;
  readonly timestamp: bigint;
  /** The node's balance of the address at the block, in wei. */
  readonly balance: bigint;
  /** Its difference from the block before (negative: it went down). */
  readonly delta: bigint;
}

export interface BalanceChangePage {
  readonly items: readonly BalanceChangeItem[];
  readonly next: string | null;
}

/** The key of balance_changes_by_address after the address: (block number, chain), with its own `b1` cursor. */
const KEYS = keyset(cursorCodec('b1', []), {});

function signed(row: Row, key: string): bigint {
  const value = text(row, key);
  if (!/^-?\d+$/.test(value)) throw new IndexRowError(`index row: ${key} is not a decimal integer`);
  return BigInt(value);
}

const COLUMNS = `t.chain, t.block_number::text AS block_number, t.balance::text AS balance, t.delta::text AS delta,
  ${hexCol('b.hash', 'block_hash')}, b.timestamp::text AS timestamp`;

function toItem(row: Row): BalanceChangeItem {
  return {
    chain: chainName(text(row, 'chain'), 'chain') as ChainName,
    blockNumber: big(row, 'block_number'),
    blockHash: text(row, 'block_hash') as Hash,
    timestamp: big(row, 'timestamp'),
    balance: big(row, 'balance'),
    delta: signed(row, 'delta'),
  };
}

/** A page of `address`'s balance changes, newest first, after `cursor` (a `next` this function gave). */
export async function balanceHistoryPage(q: Queryable, address: Address, options: { limit: number; cursor?: string | null }): Promise<BalanceChangePage> {
  const limit = clampLimit(options.limit);
  const params: unknown[] = [hexParam(address)];
  const after = KEYS.olderThan('t', options.cursor, params);
  params.push(limit + 1);
  const rows = await q.query(
    `SELECT ${COLUMNS} FROM balance_changes t JOIN blocks b ON b.chain = t.chain AND b.number = t.block_number
      WHERE t.address = decode($1, 'hex')${after} ORDER BY ${KEYS.order('t')} LIMIT $${params.length}`,
    params,
  );
  return KEYS.page(rows, limit, toItem);
}

/** The newest `limit` changes of `address`, oldest first: the points of its balance chart. */
export async function balanceSeries(q: Queryable, address: Address, limit: number): Promise<BalanceChangeItem[]> {
  const rows = await q.query(
    `SELECT ${COLUMNS} FROM balance_changes t JOIN blocks b ON b.chain = t.chain AND b.number = t.block_number
      WHERE t.address = decode($1, 'hex') ORDER BY ${KEYS.order('t')} LIMIT $2`,
    [hexParam(address), Math.max(1, Math.min(5_000, Math.trunc(limit)))],
  );
  return rows.map(toItem).reverse();
}

/**
 * `address`'s balance on `chain` at block `n` as the index knows it: the balance of its latest
 * change at or below `n`; else, before its first change, that change's balance less its delta;
 * null when the index has no change of it at all (its balance never moved in the blocks read).
 */
export async function balanceAt(q: Queryable, address: Address, chain: ChainName, n: bigint): Promise<bigint | null> {
  const [at] = await q.query(
    `SELECT balance::text AS balance FROM balance_changes
      WHERE address = decode($1, 'hex') AND chain = $2 AND block_number <= $3 ORDER BY block_number DESC LIMIT 1`,
    [hexParam(address), chain, n],
  );
  if (at) return big(at, 'balance');
  const [later] = await q.query(
    `SELECT (balance - delta)::text AS balance FROM balance_changes
      WHERE address = decode($1, 'hex') AND chain = $2 AND block_number > $3 ORDER BY block_number LIMIT 1`,
    [hexParam(address), chain, n],
  );
  return later ? big(later, 'balance') : null;
}

/** How far a chain's balance pass is: each stage's cursor, the block both passed, and the block cursor beside them. */
export interface BalanceProgressRow {
  readonly chain: ChainName;
  /** The block cursor: the last block the block pass stored. */
  readonly indexed: bigint;
  /** The parties stage's cursor (senders, recipients, miners); null before the first. */
  readonly parties: bigint | null;
  /** The internal stage's cursor (internal transfers' parties); null before the first. */
  readonly internal: bigint | null;
  /** The last block both stages passed: balances are complete through it; null before the first. */
  readonly complete: bigint | null;
  /** The first block the index holds (the balance history starts there). */
  readonly firstStored: bigint | null;
  /** Blocks per second of the parties stage, as the writer last recorded it. */
  readonly rate: number | null;
}

/** Every chain with a block cursor, with its balance pass's cursors. */
export async function balanceProgress(q: Queryable): Promise<Map<ChainName, BalanceProgressRow>> {
  const rows = await q.query(
    `SELECT c.chain, c.number::text AS indexed, s.number::text AS parties, s.internal::text AS internal,
            (CASE WHEN s.number IS NULL OR s.internal IS NULL THEN NULL ELSE least(s.number, s.internal) END)::text AS complete, s.rate,
            (SELECT min(b.number) FROM blocks b WHERE b.chain = c.chain)::text AS first_stored
       FROM index_cursor c LEFT JOIN index_balance_cursor s ON s.chain = c.chain`,
  );
  return new Map(
    rows.map((r) => {
      const chain = chainName(text(r, 'chain'), 'chain') as ChainName;
      return [chain, {
        chain, indexed: big(r, 'indexed'), parties: optionalBig(r, 'parties'), internal: optionalBig(r, 'internal'),
        complete: optionalBig(r, 'complete'), firstStored: optionalBig(r, 'first_stored'),
        rate: r.rate === null || r.rate === undefined ? null : Number(r.rate),
      }];
    }),
  );
}
