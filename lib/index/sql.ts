/** Small SQL helpers shared by the index's queries. */

/** A 0x hex string as the text `decode($n, 'hex')` turns into bytea; null stays null. */
export function hexParam(value: string | null): string | null {
  return value === null ? null : value.slice(2).toLowerCase();
}

/** `'0x' || encode(col, 'hex')`: a bytea column read back as 0x hex text by either driver. */
export function hexCol(column: string, as: string): string {
  return `'0x' || encode(${column}, 'hex') AS ${as}`;
}
