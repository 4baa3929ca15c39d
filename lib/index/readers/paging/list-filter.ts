/**
 * An address's lists (history, token transfers, internal transfers) filtered: by direction, the
 * transaction's method, a token, a counterparty and a time range (lib/routes/params/history-filter.ts
 * is the reader's side of it).
 *
 * A filtered page costs a bounded read whatever the filter: it reads at most SCAN of the address's
 * rows after the cursor (one seek on the address's key, narrowed to the time range's blocks), keeps
 * those that pass, and stops at `limit`. When fewer pass, the next cursor is the last row *read*,
 * so the following page goes on from there: a page can be short, or empty with a next page, but
 * never reads the whole history of an address with a million rows to find three. The CSV exports
 * follow the same pages (never more than one page in memory).
 */
import type { Address, Hex } from '@/lib/rpc/domain';
import type { Queryable, Row } from '../../drivers/db';
import { hexParam } from '../../drivers/sql';
import { clampLimit, type Keyset } from './keyset';
import type { CursorKey } from './page-cursor';

/** Rows of the address one filtered page reads at most. */
export const SCAN = 5_000;

export interface ListFilter {
  readonly direction?: 'in' | 'out';
  /** The transaction's selector is any of these. */
  readonly methods?: readonly Hex[];
  readonly token?: Address;
  readonly counterparty?: Address;
  /** Block timestamps in Unix seconds: `from` inclusive, `to` exclusive. */
  readonly from?: bigint;
  readonly to?: bigint;
  /** Block numbers the time range lies within (./time-bounds.ts), to seek instead of reading past rows. */
  readonly lo?: bigint;
  readonly hi?: bigint;
}

export function hasFilter(filter: ListFilter | undefined): filter is ListFilter {
  return filter !== undefined && Object.values(filter).some((v) => v !== undefined);
}

/** A join from the address's row to a row it keys (by primary key), as `alias`. */
export interface RowJoin {
  readonly alias: string;
  readonly table: string;
  /** The key condition, on `alias` and the aliases joined before it. */
  readonly on: string;
  /** A row that may be missing (LEFT JOIN). */
  readonly left?: true;
}

/**
 * The joins as one primary-key lookup each per row read (a LATERAL subquery the planner may not
 * flatten, `OFFSET 0`): without statistics (PGlite never runs ANALYZE) the planner otherwise may
 * join the block first and look transactions up by block alone, reading the whole block per row.
 */
function lookups(joins: readonly RowJoin[]): string {
  return joins
    .map((j) => `${j.left ? 'LEFT ' : ''}JOIN LATERAL (SELECT * FROM ${j.table} ${j.alias} WHERE ${j.on} OFFSET 0) ${j.alias} ON TRUE`)
    .join('\n       ');
}

/** How a list names what the filter tests, on its aliases: `a` the address's row, `b` the block. */
export interface ListShape {
  /** The per-address table (`a`): its rows are read in key order. */
  readonly addressTable: string;
  /** The rows `a` keys and their block (`b`), in join order. */
  readonly joins: readonly RowJoin[];
  /** Role bits of `a.role`. */
  readonly senderRole: number;
  readonly recipientRoles: number;
  /** The transaction's selector column (bytea). */
  readonly method: string;
  /** The condition "moved this token", with the token's parameter. */
  readonly token: (param: string) => string;
  /** The columns one of which the counterparty must be. */
  readonly parties: readonly string[];
}

/** The address's rows to read, in key order (the index's), after the cursor and within the block bounds. */
function scanWhere<F extends string>(keys: Keyset<F>, address: Address, filter: ListFilter, cursor: string | null | undefined, params: unknown[]): string {
  params.push(hexParam(address));
  let where = `a.address = decode($${params.length}, 'hex')${keys.olderThan('a', cursor, params)}`;
  if (filter.lo !== undefined) {
    params.push(filter.lo);
    where += ` AND a.block_number >= $${params.length}`;
  }
  if (filter.hi !== undefined) {
    params.push(filter.hi);
    where += ` AND a.block_number <= $${params.length}`;
  }
  return where;
}

/** What a read row must pass. */
function rowWhere(shape: ListShape, filter: ListFilter, params: unknown[]): string {
  const parts: string[] = ['TRUE'];
  const push = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.direction === 'out') parts.push(`(a.role & ${shape.senderRole}) <> 0`);
  if (filter.direction === 'in') parts.push(`(a.role & ${shape.recipientRoles}) <> 0`);
  if (filter.methods !== undefined) {
    // One decode per selector: both drivers take a hex text parameter, where a bytea one is driver-specific.
    parts.push(`${shape.method} IN (${filter.methods.map((m) => `decode(${push(hexParam(m))}, 'hex')`).join(', ')})`);
  }
  if (filter.token !== undefined) parts.push(shape.token(`decode(${push(hexParam(filter.token))}, 'hex')`));
  if (filter.counterparty !== undefined) {
    const p = `decode(${push(hexParam(filter.counterparty))}, 'hex')`;
    parts.push(`(${shape.parties.map((c) => `${c} = ${p}`).join(' OR ')})`);
  }
  if (filter.from !== undefined) parts.push(`b.timestamp >= ${push(filter.from)}`);
  if (filter.to !== undefined) parts.push(`b.timestamp < ${push(filter.to)}`);
  return parts.join(' AND ');
}

/**
 * One filtered page, newest first: `select` the columns (on `a`, the joined rows and `b`; `a.role` among them),
 * `toItem` each row; the cursor of the next page, or null when the address has no rows left.
 */
export async function filteredPage<F extends string, T extends CursorKey<F>>(
  q: Queryable,
  spec: { readonly shape: ListShape; readonly keys: Keyset<F>; readonly select: string; readonly toItem: (row: Row) => T },
  address: Address,
  filter: ListFilter,
  options: { readonly limit: number; readonly cursor?: string | null },
): Promise<{ items: T[]; next: string | null }> {
  const { shape, keys } = spec;
  const limit = clampLimit(options.limit);
  const params: unknown[] = [];
  const scan = scanWhere(keys, address, filter, options.cursor, params);
  const scanParams = [...params];
  const rows = rowWhere(shape, filter, params);
  // The subquery's LIMIT bounds the read; its order carries through the joins, so the page needs no sort.
  const found = await q.query(
    `SELECT ${spec.select}
       FROM (SELECT * FROM ${shape.addressTable} a WHERE ${scan} ORDER BY ${keys.order('a')} LIMIT ${SCAN}) a
       ${lookups(shape.joins)}
      WHERE ${rows}
      ORDER BY ${keys.order('a')} LIMIT ${limit + 1}`,
    params,
  );
  const page = keys.page(found, limit, spec.toItem);
  if (page.next !== null || found.length > limit) return page;
  // Fewer than a page passed: go on after the last row read, if the read was a whole SCAN.
  const [last] = await q.query(
    `SELECT a.* FROM ${shape.addressTable} a WHERE ${scan} ORDER BY ${keys.order('a')} OFFSET ${SCAN - 1} LIMIT 1`,
    scanParams,
  );
  return { items: page.items, next: last ? keys.cursorOf(last) : null };
}
