/**
 * The verified contracts, newest verification first, a page at a time (the verified_contracts_by_time
 * index read backwards: one seek per page, whatever its depth); `q` keeps those whose name starts
 * with it, any case, the source path before a qualified name left out (migration 21's `name_key`;
 * ./prefix.ts says how a page of a prefix is read).
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Address } from '@/lib/rpc/domain';
import type { Queryable, Row } from '../../drivers/db';
import { hexCol, hexParam } from '../../drivers/sql';
import { clampLimit } from '../paging/keyset';
import { big, chainName, optionalText, text } from '../paging/row-values';
import type { ListPage } from './block-list-reader';
import { listCursor } from './list-cursor';
import { chunkStatement, commonPrefix, prefixPattern, scanForMatches } from './prefix';

export interface ListedContract {
  readonly address: Address;
  readonly chain: ChainName;
  /** The contract's name, without the source path a submission may put before it. */
  readonly name: string;
  /** The name as submitted (`DevToken.sol:DevToken`, or `DevToken`). */
  readonly qualifiedName: string;
  /** solc's version as submitted (`v0.8.24+commit.e11b9ed9`). */
  readonly compiler: string;
  readonly match: 'full' | 'partial';
  /** The SPDX identifier its source declares, null when none. */
  readonly license: string | null;
  /** When it was verified, in microseconds since 1970 (UTC). */
  readonly verifiedAt: bigint;
}

const cursor = listCursor('v1', { at: 'int', address: 'hex' });

/** One page of verified contracts, newest verification first. */
export async function contractsPage(
  q: Queryable,
  filters: { readonly q?: string },
  options: { limit: number; cursor?: string | null },
): Promise<ListPage<ListedContract>> {
  const limit = clampLimit(options.limit);
  const COLUMNS = `${hexCol('v.address', 'address')}, v.chain, v.contract_name, v.compiler_version, v.match_kind, v.license,
                   (extract(epoch FROM v.verified_at) * 1000000)::bigint::text AS verified_at, v.name_key`;
  const ORDER = 'ORDER BY v.verified_at DESC, v.address DESC';
  /** " WHERE (verified_at, address) < the key" for `after`, its values in `params`. */
  const olderThan = (params: unknown[], after: { at: bigint; address: string } | null): string[] => {
    if (!after) return [];
    params.push(after.at, hexParam(after.address));
    const n = params.length;
    // The stored time itself, to the microsecond: epoch plus whole microseconds, no float between.
    return [`(v.verified_at, v.address) < (timestamptz 'epoch' + $${n - 1} * interval '1 microsecond', decode($${n}, 'hex'))`];
  };
  const whereOf = (where: string[]) => (where.length > 0 ? `WHERE ${where.join(' AND ')}` : '');
  const start = options.cursor ? cursor.decode(options.cursor) : null;
  const prefix = filters.q?.toLowerCase();
  let rows: readonly Row[];
  if (prefix !== undefined && (await commonPrefix(q, 'verified_contracts', ['name_key'], prefix))) {
    // Many match: the list's order, a chunk at a time, the matches kept.
    rows = await scanForMatches<Row>(async (after, size) => {
      const params: unknown[] = [size, prefix];
      const key = after ? { at: big(after, 'verified_at'), address: text(after, 'address') } : start;
      const chunk = await q.query(
        chunkStatement(
          `SELECT v.*, row_number() OVER (${ORDER}) AS pos FROM verified_contracts v ${whereOf(olderThan(params, key))} ${ORDER} LIMIT $1`,
          'starts_with(name_key, $2)',
          COLUMNS.replace(/\bv\./g, '') + ', pos',
        ),
        params,
      );
      return { matches: chunk.filter((r) => r.last !== true), last: chunk.find((r) => r.last === true) ?? null };
    }, limit + 1);
  } else {
    const params: unknown[] = [limit + 1];
    const where = olderThan(params, start);
    // Few match: every match through the name's index, sorted. None asked: the list's order.
    let source = 'verified_contracts';
    if (prefix !== undefined) {
      params.push(prefixPattern(prefix));
      source = `(SELECT * FROM verified_contracts WHERE name_key LIKE $${params.length} OFFSET 0)`;
    }
    rows = await q.query(`SELECT ${COLUMNS} FROM ${source} v ${whereOf(where)} ${ORDER} LIMIT $1`, params);
  }
  const items = rows.slice(0, limit).map((row): ListedContract => ({
    address: text(row, 'address') as Address,
    chain: chainName(text(row, 'chain'), 'chain') as ChainName,
    name: text(row, 'contract_name').replace(/^.*:/, ''),
    qualifiedName: text(row, 'contract_name'),
    compiler: text(row, 'compiler_version'),
    match: text(row, 'match_kind') === 'full' ? 'full' : 'partial',
    license: optionalText(row, 'license'),
    verifiedAt: big(row, 'verified_at'),
  }));
  const last = items[items.length - 1];
  return { items, next: rows.length > limit && last ? cursor.encode({ at: last.verifiedAt, address: last.address }) : null };
}
