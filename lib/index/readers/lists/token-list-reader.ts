/**
 * The tokens the index has seen, a page at a time, by holders or by transfers (most first), from
 * the token-stats derivation's running totals (migration 21), the page's rows then joined to each
 * token's facts: one seek of the sort's index per page, whatever its depth. `q` keeps the tokens
 * whose name or symbol starts with it (any case: token_stats' lower-cased copies and their prefix
 * indexes), `standard` one standard. Transfers in the last 24 h are the token's hourly counts of
 * the 24 hours to `now`.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { TokenStandard } from '@/lib/decode/token-transfers';
import type { Address } from '@/lib/rpc/domain';
import type { Queryable } from '../../drivers/db';
import { hexCol, hexParam } from '../../drivers/sql';
import { clampLimit } from '../paging/keyset';
import { big, chainName, IndexRowError, integer, optionalText, text } from '../paging/row-values';
import type { ListPage } from './block-list-reader';
import { listCursor } from './list-cursor';
import { chunkStatement, commonPrefix, prefixPattern, scanForMatches } from './prefix';

export type TokenSort = 'holders' | 'transfers';

export interface ListedToken {
  readonly chain: ChainName;
  readonly address: Address;
  readonly standard: TokenStandard;
  /** As the contract answered when the index first saw it (null when it did not). */
  readonly name: string | null;
  readonly symbol: string | null;
  readonly decimals: number | null;
  readonly holders: bigint;
  readonly transfers: bigint;
  readonly transfers24h: bigint;
  /** Minted less burned, as its transfers tell it (in its smallest unit; tokens for ERC-721). */
  readonly supply: bigint;
}

export interface TokenFilters {
  /** A prefix of the name or the symbol, any case. */
  readonly q?: string;
  readonly standard?: TokenStandard;
}

const STANDARDS: Readonly<Record<number, TokenStandard>> = { 20: 'ERC-20', 721: 'ERC-721', 1155: 'ERC-1155' };
const CODES: Readonly<Record<TokenStandard, number>> = { 'ERC-20': 20, 'ERC-721': 721, 'ERC-1155': 1155 };

const CURSORS = {
  holders: listCursor('kh', { n: 'int', chain: 'chain', token: 'hex' }),
  transfers: listCursor('kt', { n: 'int', chain: 'chain', token: 'hex' }),
} as const;

/** One page of tokens matching `filters`, sorted by `sort`, most first. `now` in unix seconds. */
export async function tokensPage(
  q: Queryable,
  filters: TokenFilters,
  sort: TokenSort,
  options: { limit: number; cursor?: string | null; now: bigint },
): Promise<ListPage<ListedToken>> {
  const limit = clampLimit(options.limit);
  const column = sort === 'holders' ? 's.holders' : 's.transfers';
  const order = `ORDER BY ${column} DESC, s.chain DESC, s.token DESC`;
  /** The page's conditions (standard, the cursor's key, another key to start after) on `s`, their values in `params`. */
  const conditions = (params: unknown[], after: { n: bigint; chain: string; token: string } | null): string[] => {
    const where: string[] = [];
    if (filters.standard) {
      params.push(CODES[filters.standard]);
      where.push(`s.standard = $${params.length}`);
    }
    if (after) {
      params.push(after.n, after.chain, hexParam(after.token));
      const n = params.length;
      where.push(`(${column}, s.chain, s.token) < ($${n - 2}, $${n - 1}, decode($${n}, 'hex'))`);
    }
    return where;
  };
  const cursor = options.cursor ? CURSORS[sort].decode(options.cursor) : null;
  const start = cursor ? { n: cursor.n, chain: cursor.chain, token: cursor.token } : null;
  const whereOf = (where: string[]) => (where.length > 0 ? `WHERE ${where.join(' AND ')}` : '');

  // The page's keys, `limit + 1` of them (one more says another page follows).
  let keys: ReadonlyArray<{ chain: string; token: string }>;
  const prefix = filters.q?.toLowerCase();
  if (prefix !== undefined && (await commonPrefix(q, 'token_stats', ['name_key', 'symbol_key'], prefix))) {
    // Many match: the sort's order, a chunk at a time, the matches kept.
    type Scanned = { n: bigint; chain: string; token: string };
    keys = await scanForMatches<Scanned>(async (after, size) => {
      const params: unknown[] = [size, prefix];
      const rows = await q.query(
        chunkStatement(
          `SELECT s.chain, s.token, ${column} AS n, s.name_key, s.symbol_key, row_number() OVER (${order}) AS pos FROM token_stats s
            ${whereOf(conditions(params, after ?? start))} ${order} LIMIT $1`,
          'starts_with(name_key, $2) OR starts_with(symbol_key, $2)',
          `chain, ${hexCol('token', 'token')}, n::text AS n, pos`,
        ),
        params,
      );
      const shaped = rows.map((r) => ({ n: big(r, 'n'), chain: text(r, 'chain'), token: text(r, 'token'), last: r.last === true }));
      return { matches: shaped.filter((r) => !r.last), last: shaped.find((r) => r.last) ?? null };
    }, limit + 1);
  } else {
    const params: unknown[] = [limit + 1];
    const where = conditions(params, start);
    // Few match: every match through the prefix indexes, sorted. None asked: the sort's order.
    let source = 'token_stats';
    if (prefix !== undefined) {
      params.push(prefixPattern(prefix));
      source = `(SELECT * FROM token_stats WHERE name_key LIKE $${params.length} OR symbol_key LIKE $${params.length} OFFSET 0)`;
    }
    const rows = await q.query(`SELECT s.chain, ${hexCol('s.token', 'token')} FROM ${source} s ${whereOf(where)} ${order} LIMIT $1`, params);
    keys = rows.map((r) => ({ chain: text(r, 'chain'), token: text(r, 'token') }));
  }
  if (keys.length === 0) return { items: [], next: null };
  // The page's rows alone are joined to their facts and their last day's transfers.
  const rows = await q.query(
    `SELECT s.chain, ${hexCol('s.token', 'token')}, s.holders::text AS holders, s.transfers::text AS transfers,
            (s.minted - s.burned)::text AS supply, t.standard, t.name, t.symbol, t.decimals,
            (SELECT coalesce(sum(h.transfers), 0) FROM token_transfers_hourly h
              WHERE h.chain = s.chain AND h.token = s.token AND h.hour >= $1)::text AS day
       FROM token_stats s JOIN tokens t ON t.chain = s.chain AND t.token = s.token
      WHERE (s.chain, s.token) IN (SELECT c, decode(t, 'hex') FROM unnest($2::text[], $3::text[]) AS u(c, t))
      ${order}`,
    [Number(options.now / 3_600n) - 23, keys.map((k) => k.chain), keys.map((k) => hexParam(k.token))],
  );
  const items = rows.slice(0, limit).map((row): ListedToken => {
    const standard = STANDARDS[integer(row, 'standard')];
    if (!standard) throw new IndexRowError(`index row: standard ${String(row.standard)} is not a token standard`);
    const supply = text(row, 'supply');
    return {
      chain: chainName(text(row, 'chain'), 'chain') as ChainName,
      address: text(row, 'token') as Address,
      standard,
      name: optionalText(row, 'name'),
      symbol: optionalText(row, 'symbol'),
      decimals: row.decimals === null ? null : integer(row, 'decimals'),
      holders: big(row, 'holders'),
      transfers: big(row, 'transfers'),
      transfers24h: big(row, 'day'),
      // Negative only where the index starts after the token's mints (STRATA_INDEX_FROM): shown as 0.
      supply: supply.startsWith('-') ? 0n : BigInt(supply),
    };
  });
  const last = items[items.length - 1];
  const next = rows.length > limit && last
    ? CURSORS[sort].encode({ n: sort === 'holders' ? last.holders : last.transfers, chain: last.chain, token: last.address })
    : null;
  return { items, next };
}
