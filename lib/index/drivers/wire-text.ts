/**
 * Statement parameters in PostgreSQL's text format, serialized once on the writer's side: the
 * index's column arrays (`unnest($n::text[])`, one array per column of a window's rows) become
 * array literals through JSON.stringify, which is native, where a driver's own serializer walks
 * every element in JavaScript. PGlite's worker sends them in its Bind messages (pglite-thread.ts);
 * the PostgreSQL writer hands them to pg as strings, which pg sends as they are (postgres-driver.ts).
 */

/**
 * An escape JSON.stringify writes and PostgreSQL's array syntax does not read the same way (\n,
 * \t, \uXXXX…): a backslash starting one is preceded by an even run of backslashes (\\ is an
 * escaped backslash, read alike by both).
 */
const JSON_ONLY_ESCAPE = /(?<!\\)(?:\\\\)*\\[bfnrtu]/;

/**
 * A parameter in PostgreSQL's text format, as a Bind message carries it (null for SQL NULL), or
 * undefined for a value this does not handle (the statement then goes through the driver's own
 * serializers, which know every type). Arrays are one-dimensional: the index's column arrays.
 */
function wireValue(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    let plain = true;
    for (const element of value) {
      if (element === null || typeof element === 'string' || Number.isSafeInteger(element)) continue;
      if (typeof element !== 'number' && typeof element !== 'boolean') return undefined;
      plain = false;
    }
    // JSON's array, in braces, is PostgreSQL's array literal when its only escapes are \" and \\
    // (both read the same way); null is read as NULL, an integer as its digits. This is the common
    // case (hex, decimals, names, positions), and JSON.stringify is native: the index's column
    // arrays serialize here.
    const json = plain ? JSON.stringify(value) : '';
    if (plain && !JSON_ONLY_ESCAPE.test(json)) return `{${json.slice(1, -1)}}`;
    // Numbers, or text with control characters or lone surrogates (JSON writes \n, \uXXXX): quoted one by one.
    const elements = (value as (string | number | boolean | null)[]).map((element) =>
      element === null ? 'NULL' : `"${String(element).replace(/["\\]/g, '\\$&')}"`,
    );
    return `{${elements.join(',')}}`;
  }
  return undefined;
}

/** Every parameter in text format, or null when one is not plain (see wireValue). */
export function wireText(params: readonly unknown[]): (string | null)[] | null {
  const values: (string | null)[] = [];
  for (const p of params) {
    const v = wireValue(p);
    if (v === undefined) return null;
    values.push(v);
  }
  return values;
}
