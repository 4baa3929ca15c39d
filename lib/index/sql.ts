/** Small SQL helpers shared by the index's queries. */

/** A 0x hex string as the text `decode($n, 'hex')` turns into bytea; null stays null. */
export function hexParam(value: string | null): string | null {
  return value === null ? null : value.slice(2).toLowerCase();
}

/** `'0x' || encode(col, 'hex')`: a bytea column read back as 0x hex text by either driver. */
export function hexCol(column: string, as: string): string {
  return `'0x' || encode(${column}, 'hex') AS ${as}`;
}

/** `($1, $2, …), ($n, …)` for `rows` rows of `width` parameters, starting at $`from`. */
export function valuesList(rows: number, width: number, cast: readonly string[] = [], from = 1): string {
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < width; c++) {
      const n = from + r * width + c;
      cells.push((cast[c] ?? '$n').replace('$n', `$${n}`));
    }
    out.push(`(${cells.join(', ')})`);
  }
  return out.join(', ');
}
