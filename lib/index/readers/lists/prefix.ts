/**
 * The lists' `q=` filters: a prefix of a lower-cased name, read through indexes of "C"-collated
 * keys (migration 21), which serve both the prefix and the key's order.
 *
 * A page of a filtered list either sorts every match (few of them, found through the prefix's
 * index) or reads the list's own order and skips what does not match (many of them: at least one
 * row in ROWS / cap matches, so a page of 25 reads a few thousand rows at most). Which one is decided by
 * counting the matches in the keys' indexes, in their order, no further than the cap: sorting a
 * common prefix's matches, or skipping the rows of a rare one, each cost hundreds of milliseconds
 * over 100,000 rows, where the right one costs a few.
 */
import type { Queryable } from '../../drivers/db';

/** A LIKE pattern matching what starts with `prefix`, any case, its wildcards taken literally. */
export const prefixPattern = (prefix: string): string => `${prefix.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** At most this many matches are sorted in full. */
export const SORTED_MATCHES = 1_000;

/**
 * Whether more than SORTED_MATCHES rows of `table` have a key among `keys` starting with `prefix`
 * (lower case; table and keys are code, never input). Each key is read in its index's order from
 * the prefix on, SORTED_MATCHES + 1 entries at most, and the ones that start with it counted: an
 * ordered scan that stops, where a LIKE let a planner without statistics (PGlite has no
 * autovacuum) guess a few rows and collect every match in a bitmap to sort them. A row matching
 * through two keys counts twice, which only moves the choice a little.
 */
export async function commonPrefix(q: Queryable, table: string, keys: readonly string[], prefix: string): Promise<boolean> {
  const counts = keys.map((key) =>
    `(SELECT count(*) FILTER (WHERE starts_with(${key}, $1)) FROM (SELECT ${key} FROM ${table} WHERE ${key} >= $1 ORDER BY ${key} LIMIT ${SORTED_MATCHES + 1}) k)`);
  const [row] = await q.query(`SELECT ${counts.join(' + ')} AS n`, [prefix.toLowerCase()]);
  return Number(row?.n ?? 0) > SORTED_MATCHES;
}

/** The first chunk's rows. */
const FIRST_CHUNK = 500;

/** A chunk of a list read in its own order: the rows that match, and the last row read (where the next chunk starts), null at the end. */
export interface ScannedChunk<R> {
  readonly matches: readonly R[];
  readonly last: R | null;
}

/**
 * A common prefix's page: the list read in its own order a chunk at a time (`chunk(after, size)`:
 * the matching rows among the `size` after `after`, null to start, and the chunk's last row),
 * until `want` rows match or the list ends. Reading the order unfiltered, the filter applied to the
 * chunk, is the plan every planner takes (the list's index, as for its first page); with the
 * filter beside the order, one without statistics could sort every match instead. The first chunk
 * is FIRST_CHUNK rows (a page where one row in twenty matches), each next one four times the last:
 * at most four times the rows a page needs, in a few statements. More than SORTED_MATCHES rows
 * match (commonPrefix), so over 100,000 rows a page needs 2,600 at most: two statements.
 */
export async function scanForMatches<R>(chunk: (after: R | null, size: number) => Promise<ScannedChunk<R>>, want: number): Promise<R[]> {
  const found: R[] = [];
  let after: R | null = null;
  for (let size = Math.max(FIRST_CHUNK, 2 * want); ; size *= 4) {
    const { matches, last } = await chunk(after, size);
    found.push(...matches);
    if (found.length >= want || last === null) return found.slice(0, want);
    after = last;
  }
}

/**
 * The statement of one chunk: `ordered` (the list's rows in its order, `$1` of them, with a `pos`
 * column numbering them) filtered by `matches` (a condition on its columns), and its last row,
 * marked `last` (there only when the chunk is full: another may follow).
 */
export function chunkStatement(ordered: string, matches: string, columns: string): string {
  return `WITH c AS MATERIALIZED (${ordered})
    SELECT ${columns}, false AS last FROM c WHERE ${matches}
    UNION ALL
    SELECT ${columns}, true AS last FROM c WHERE pos = $1
    ORDER BY last, pos`;
}
