/** Small SQL helpers shared by the index's queries. */

/** A 0x hex string as the text `decode($n, 'hex')` turns into bytea; null stays null. */
export function hexParam(value: string | null): string | null {
  return value === null ? null : value.slice(2).toLowerCase();
}

/**
 * A 0x hex string as an element of a `$n::bytea[]` column array, in bytea's own text input (`\x…`,
 * either case): PostgreSQL reads it straight into the array, where `decode(x, 'hex')` over a
 * `text[]` first made a text value of each and then a second one, the bytea. Null stays null.
 */
export function byteaParam(value: string | null): string | null {
  return value === null ? null : `\\${value.slice(1)}`;
}

/** `'0x' || encode(col, 'hex')`: a bytea column read back as 0x hex text by either driver. */
export function hexCol(column: string, as: string): string {
  return `'0x' || encode(${column}, 'hex') AS ${as}`;
}

/** A number as the text an `unnest($n::text[])` column casts back; null stays null. */
export const text = (v: bigint | number | string | null): string | null => (v === null ? null : v.toString());

/** Rows turned into one array per column, for `unnest` (one statement text for any number of rows). */
export function columns(rows: readonly (readonly (string | null)[])[], width: number): (string | null)[][] {
  const out: (string | null)[][] = Array.from({ length: width }, () => []);
  for (const row of rows) row.forEach((value, c) => out[c]?.push(value));
  return out;
}

/**
 * `AND <column> >= $n` / `<= $n` for an optional block range, pushing each bound onto `params`:
 * the Etherscan-style slices (txlist, tokentx) filter the same way.
 */
export function blockRangeFilter(params: unknown[], column: string, range: { startBlock?: bigint; endBlock?: bigint }): string {
  let where = '';
  if (range.startBlock !== undefined) {
    params.push(range.startBlock);
    where += ` AND ${column} >= $${params.length}`;
  }
  if (range.endBlock !== undefined) {
    params.push(range.endBlock);
    where += ` AND ${column} <= $${params.length}`;
  }
  return where;
}
