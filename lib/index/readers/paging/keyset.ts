/**
 * Keyset paging, shared by the index's paged lists: a page reads `limit + 1` rows after the
 * cursor's key in the key's order (newest first), serves `limit`, and hands out the last served
 * row's key as the next cursor only when the extra row shows more follow. The WHERE and ORDER BY
 * name the same columns as the table's primary key, so a page is one seek plus `limit` rows.
 */
import type { ChainName } from '@/lib/protocol/chains';
import type { Row } from '../../drivers/db';
import type { CursorCodec, CursorKey } from './page-cursor';

export const MAX_PAGE = 100;

export const clampLimit = (limit: number): number => Math.max(1, Math.min(MAX_PAGE, Math.trunc(limit)));

export interface Keyset<F extends string> {
  /** The key's columns on table alias `t`, each in `dir`. */
  order(t: string, dir?: 'ASC' | 'DESC'): string;
  /**
   * " AND (<key columns>) < (<cursor's key>)" on alias `t`, its values appended to `params`;
   * nothing without a cursor, a BadCursorError for one another list made.
   */
  olderThan(t: string, cursor: string | null | undefined, params: unknown[]): string;
  /** The page of `limit + 1` rows read: `limit` items, and the cursor after the last when more follow. */
  page<T extends CursorKey<F>>(rows: readonly Row[], limit: number, toItem: (row: Row) => T): { items: T[]; next: string | null };
  /** The cursor after a row of the keyed table itself (its key columns as stored). */
  cursorOf(row: Row): string;
}

/** A list's keyset: its cursor and the column each of the cursor's integer fields is stored in. */
export function keyset<F extends string>(codec: CursorCodec<F>, columns: { readonly [P in F]: string }): Keyset<F> {
  const keyColumns = ['block_number', ...codec.fields.map((f) => columns[f]), 'chain'];
  return {
    order: (t, dir = 'DESC') => keyColumns.map((c) => `${t}.${c} ${dir}`).join(', '),
    olderThan(t, cursor, params) {
      if (!cursor) return '';
      const after = codec.decode(cursor);
      const first = params.length + 1;
      params.push(after.blockNumber, ...codec.fields.map((f) => after[f]), after.chain);
      const places = keyColumns.map((_, i) => `$${first + i}`).join(', ');
      return ` AND (${keyColumns.map((c) => `${t}.${c}`).join(', ')}) < (${places})`;
    },
    cursorOf(row) {
      const ints = Object.fromEntries(codec.fields.map((f) => [f, Number(row[columns[f]])])) as { readonly [P in F]: number };
      return codec.encode({ blockNumber: BigInt(String(row.block_number)), ...ints, chain: String(row.chain) as ChainName });
    },
    page(rows, limit, toItem) {
      const items = rows.slice(0, limit).map(toItem);
      const last = items[items.length - 1];
      return { items, next: rows.length > limit && last ? codec.encode(last) : null };
    },
  };
}
