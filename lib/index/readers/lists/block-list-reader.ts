/**
 * A chain's blocks, its uncles and the blocks its reorgs replaced, newest first, a page at a
 * time (keyset: every page is one index seek plus its rows, whatever its depth).
 *
 * The index stores zone blocks. A prime or region block is one of them, of order 0 or ≤ 1 (the
 * same block, the same hash, in every chain it sits in: the protocol notes), so a region's
 * blocks are its zones' blocks of order ≤ 1 by region number and prime's the blocks of order 0 by
 * prime number, read through migration 20's partial indexes. DISTINCT ON the chain's height keeps
 * one row per height where two zones both hold one (the genesis, which every zone stores).
 */
import { getChain, ZONES, type Chain, type ChainName } from '@/lib/protocol/chains';
import type { Address, Hash } from '@/lib/rpc/domain';
import type { Queryable, Row } from '../../drivers/db';
import { hexCol, hexParam } from '../../drivers/sql';
import { clampLimit } from '../paging/keyset';
import { big, chainName, integer, optionalBig, optionalText, text } from '../paging/row-values';
import { listCursor } from './list-cursor';

/** What a block list and the reorgs list both show of a block. */
export interface BlockHead {
  /** The zone whose index holds it (where it was mined). */
  readonly zone: ChainName;
  /** Its height in the listed chain (the prime, region or zone number). */
  readonly number: bigint;
  /** [Prime, Region, Zone]. */
  readonly numbers: readonly [bigint, bigint, bigint];
  readonly hash: Hash;
  readonly timestamp: bigint;
  readonly transactions: number;
  readonly miner: Address | null;
  /** 0 prime, 1 region, 2 zone: the highest chain it is coincident in. */
  readonly order: 0 | 1 | 2 | null;
}

export interface ListedBlock extends BlockHead {
  /** Null for blocks stored before these figures were kept, until re-read (migration 20). */
  readonly etxs: number | null;
  readonly uncles: number | null;
  readonly gasUsed: bigint | null;
  readonly gasLimit: bigint | null;
  readonly baseFee: bigint | null;
  readonly difficulty: bigint | null;
}

export interface ListedUncle {
  readonly zone: ChainName;
  /** The zone block that includes it, and its position there. */
  readonly blockNumber: bigint;
  readonly blockHash: Hash;
  readonly position: number;
  readonly timestamp: bigint;
  readonly miner: Address;
  /** Its own hash and zone height (null for uncles stored before they were kept, migration 21). */
  readonly hash: Hash | null;
  readonly number: bigint | null;
}

export interface ReorgedBlock extends BlockHead {
  /** The block the node had at its height when the index rolled it back, else the one the index holds there now. */
  readonly replacedBy: Hash | null;
  /** When the index rolled it back (ISO 8601). */
  readonly replacedAt: string;
}

export interface ListPage<T> {
  readonly items: readonly T[];
  readonly next: string | null;
}

const blockCursor = listCursor('b1', { number: 'int' });
const uncleCursor = listCursor('u1', { number: 'int', position: 'int' });
const reorgCursor = listCursor('r1', { number: 'int', zone: 'chain', hash: 'hex' });

/** The zones whose blocks make `chain`'s: itself, its region's zones, or every zone. */
export function zonesOf(chain: Chain): ChainName[] {
  return ZONES.filter((z) => chain.level === 0 || (chain.level === 1 ? z.region === chain.region : z.name === chain.name)).map((z) => z.name);
}

/** The column holding a block's height in a chain of `level`. */
const HEIGHT = ['number_prime', 'number_region', 'number'] as const;

/** A stored block that is also a block of a chain of `level` (the partial indexes' own predicates, so the planner uses them). */
const COINCIDENT = [(t: string) => `${t}.block_order = 0`, (t: string) => `${t}.block_order <= 1`, () => 'true'] as const;

const orderOf = (row: Row, key: string): 0 | 1 | 2 | null => {
  const value = row[key];
  if (value === null || value === undefined) return null;
  const n = integer(row, key);
  return n === 0 || n === 1 || n === 2 ? n : null;
};

const optionalInt = (row: Row, key: string): number | null => (row[key] === null || row[key] === undefined ? null : integer(row, key));

function numbersOf(row: Row): [bigint, bigint, bigint] {
  return [big(row, 'number_prime'), big(row, 'number_region'), big(row, 'zone_number')];
}

/** The columns both block lists select (chain, height, the three numbers, hash, timestamp, tx_count, miner, block_order). */
function blockHeadOf(row: Row): BlockHead {
  return {
    zone: chainName(text(row, 'chain'), 'chain') as ChainName,
    number: big(row, 'height'),
    numbers: numbersOf(row),
    hash: text(row, 'hash') as Hash,
    timestamp: big(row, 'timestamp'),
    transactions: integer(row, 'tx_count'),
    miner: optionalText(row, 'miner') as Address | null,
    order: orderOf(row, 'block_order'),
  };
}

/** One page of `chain`'s blocks, newest first. */
export async function blocksPage(q: Queryable, chain: ChainName, options: { limit: number; cursor?: string | null }): Promise<ListPage<ListedBlock>> {
  const limit = clampLimit(options.limit);
  const level = getChain(chain).level;
  const height = `b.${HEIGHT[level]}`;
  // A zone's blocks by its primary key (a plain equality: an array there would cost the order).
  const params: unknown[] = [level === 2 ? chain : zonesOf(getChain(chain)), limit + 1];
  let where = level === 2 ? 'b.chain = $1' : `b.chain = ANY($1) AND ${COINCIDENT[level]('b')}`;
  if (options.cursor) {
    params.push(blockCursor.decode(options.cursor).number);
    where += ` AND ${height} < $${params.length}`;
  }
  // Zone: the primary key read backwards. Region and prime: their partial index, one row per height.
  const distinct = level === 2 ? '' : `DISTINCT ON (${height}) `;
  const rows = await q.query(
    `SELECT ${distinct}b.chain, ${height}::text AS height, b.number::text AS zone_number, b.number_prime::text AS number_prime,
            b.number_region::text AS number_region, ${hexCol('b.hash', 'hash')}, b.timestamp::text AS timestamp, b.tx_count,
            b.etx_count, b.uncle_count, ${hexCol('b.miner', 'miner')}, b.gas_used::text AS gas_used, b.gas_limit::text AS gas_limit,
            b.base_fee::text AS base_fee, b.difficulty::text AS difficulty, b.block_order
       FROM blocks b WHERE ${where} ORDER BY ${height} DESC, b.chain DESC LIMIT $2`,
    params,
  );
  const items = rows.slice(0, limit).map((row): ListedBlock => ({
    ...blockHeadOf(row),
    etxs: optionalInt(row, 'etx_count'),
    uncles: optionalInt(row, 'uncle_count'),
    gasUsed: optionalBig(row, 'gas_used'),
    gasLimit: optionalBig(row, 'gas_limit'),
    baseFee: optionalBig(row, 'base_fee'),
    difficulty: optionalBig(row, 'difficulty'),
  }));
  const last = items[items.length - 1];
  return { items, next: rows.length > limit && last ? blockCursor.encode({ number: last.number }) : null };
}

/** One page of the uncles `zone`'s blocks include, newest including block first (mined_blocks' primary key backwards). */
export async function unclesPage(q: Queryable, zone: ChainName, options: { limit: number; cursor?: string | null }): Promise<ListPage<ListedUncle>> {
  const limit = clampLimit(options.limit);
  const params: unknown[] = [zone, limit + 1];
  let where = 'm.chain = $1';
  if (options.cursor) {
    const after = uncleCursor.decode(options.cursor);
    params.push(after.number, after.position);
    where += ` AND (m.block_number, m.uncle) < ($3, $4)`;
  }
  const rows = await q.query(
    `SELECT m.chain, m.block_number::text AS block_number, m.uncle, ${hexCol('m.miner', 'miner')}, ${hexCol('m.hash', 'hash')},
            m.number::text AS number, ${hexCol('b.hash', 'block_hash')}, b.timestamp::text AS timestamp
       FROM mined_blocks m JOIN blocks b ON b.chain = m.chain AND b.number = m.block_number
      WHERE ${where} ORDER BY m.block_number DESC, m.uncle DESC LIMIT $2`,
    params,
  );
  const items = rows.slice(0, limit).map((row): ListedUncle => ({
    zone: chainName(text(row, 'chain'), 'chain') as ChainName,
    blockNumber: big(row, 'block_number'),
    blockHash: text(row, 'block_hash') as Hash,
    position: integer(row, 'uncle'),
    timestamp: big(row, 'timestamp'),
    miner: text(row, 'miner') as Address,
    hash: optionalText(row, 'hash') as Hash | null,
    number: optionalBig(row, 'number'),
  }));
  const last = items[items.length - 1];
  return { items, next: rows.length > limit && last ? uncleCursor.encode({ number: last.blockNumber, position: BigInt(last.position) }) : null };
}

/**
 * One page of the blocks the index rolled back on `chain` (a region's or prime's: those of its
 * zones that were region or prime blocks), by their height in it, newest first; a block the chain
 * has come back to since is left out.
 */
export async function reorgsPage(q: Queryable, chain: ChainName, options: { limit: number; cursor?: string | null }): Promise<ListPage<ReorgedBlock>> {
  const limit = clampLimit(options.limit);
  const level = getChain(chain).level;
  const height = `r.${HEIGHT[level]}`;
  const params: unknown[] = [level === 2 ? chain : zonesOf(getChain(chain)), limit + 1];
  let where = level === 2 ? 'r.chain = $1' : `r.chain = ANY($1) AND ${COINCIDENT[level]('r')}`;
  if (options.cursor) {
    const after = reorgCursor.decode(options.cursor);
    params.push(after.number, after.zone, hexParam(after.hash));
    where += ` AND (${height}, r.chain, r.hash) < ($3, $4, decode($5, 'hex'))`;
  }
  const rows = await q.query(
    `SELECT r.chain, ${height}::text AS height, r.number::text AS zone_number, r.number_prime::text AS number_prime,
            r.number_region::text AS number_region, ${hexCol('r.hash', 'hash')}, r.timestamp::text AS timestamp, r.tx_count,
            ${hexCol('r.miner', 'miner')}, r.block_order, ${hexCol('coalesce(r.replaced_by, now_at.hash)', 'replaced_by')},
            to_char(r.replaced_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS replaced_at
       FROM reorged_blocks r LEFT JOIN blocks now_at ON now_at.chain = r.chain AND now_at.number = r.number
      WHERE ${where} AND (now_at.hash IS NULL OR now_at.hash <> r.hash)
      ORDER BY ${height} DESC, r.chain DESC, r.hash DESC LIMIT $2`,
    params,
  );
  const items = rows.slice(0, limit).map((row): ReorgedBlock => ({
    ...blockHeadOf(row),
    replacedBy: optionalText(row, 'replaced_by') as Hash | null,
    replacedAt: text(row, 'replaced_at'),
  }));
  const last = items[items.length - 1];
  return { items, next: rows.length > limit && last ? reorgCursor.encode({ number: last.number, zone: last.zone, hash: last.hash }) : null };
}
