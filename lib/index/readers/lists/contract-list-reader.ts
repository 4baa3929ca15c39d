/**
 * The verified contracts, newest verification first, a page at a time (the verified_contracts_by_time
 * index read backwards: one seek per page, whatever its depth); `q` keeps those whose name starts
 * with it, any case, the source path before a qualified name left out (migration 18's prefix index).
 */
import type { ChainName } from '@/lib/chains';
import type { Address } from '@/lib/rpc/domain';
import type { Queryable } from '../../drivers/db';
import { hexCol, hexParam } from '../../drivers/sql';
import { clampLimit } from '../keyset';
import { big, chainName, optionalText, text } from '../row-values';
import type { ListPage } from './block-list-reader';
import { listCursor } from './list-cursor';
import { prefixPattern } from './token-list-reader';

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
  const params: unknown[] = [limit + 1];
  const where: string[] = [];
  if (filters.q) {
    params.push(prefixPattern(filters.q));
    where.push(`lower(regexp_replace(v.contract_name, '^.*:', '')) LIKE $${params.length}`);
  }
  if (options.cursor) {
    const after = cursor.decode(options.cursor);
    params.push(after.at, hexParam(after.address));
    const n = params.length;
    // The stored time itself, to the microsecond: epoch plus whole microseconds, no float between.
    where.push(`(v.verified_at, v.address) < (timestamptz 'epoch' + $${n - 1} * interval '1 microsecond', decode($${n}, 'hex'))`);
  }
  const rows = await q.query(
    `SELECT ${hexCol('v.address', 'address')}, v.chain, v.contract_name, v.compiler_version, v.match_kind, v.license,
            (extract(epoch FROM v.verified_at) * 1000000)::bigint::text AS verified_at
       FROM verified_contracts v ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY v.verified_at DESC, v.address DESC LIMIT $1`,
    params,
  );
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
