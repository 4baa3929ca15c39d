/**
 * How well a name matches what was typed, for ordering suggestions as a reader expects: the name
 * itself, then names that start with it, then a word of the name that does ("Dev Token", "DevToken"
 * for "token"), then the text anywhere. Case does not matter, nor spaces and punctuation the reader
 * left out ("DevToken" for "Strata Dev Token"). Pure.
 */

export const NO_MATCH = 4;

/** 0 exact, 1 prefix, 2 a word starts with it, 3 inside, 4 no match. */
export function matchRank(needle: string, text: string | null | undefined): number {
  if (!text) return NO_MATCH;
  const n = needle.toLowerCase();
  const t = text.toLowerCase();
  if (t === n) return 0;
  if (t.startsWith(n)) return 1;
  const at = t.indexOf(n);
  if (at < 0) return compactRank(n, t);
  // A word starts where a letter follows a non-letter, or a capital follows a small letter ("DevToken").
  for (let i = at; i >= 0; i = t.indexOf(n, i + 1)) {
    const before = text[i - 1] ?? '';
    const first = text[i] ?? '';
    if (!/[\p{L}\p{N}]/u.test(before) || (/\p{Ll}/u.test(before) && /\p{Lu}/u.test(first))) return 2;
  }
  return 3;
}

/** The best rank of any of `texts` (a token's name and symbol). */
export function bestRank(needle: string, texts: ReadonlyArray<string | null | undefined>): number {
  return Math.min(NO_MATCH, ...texts.map((t) => matchRank(needle, t)));
}

/** `items` that match, best first, then shorter, then alphabetical; at most `limit`. */
export function ranked<T>(needle: string, items: readonly T[], textsOf: (item: T) => ReadonlyArray<string | null | undefined>, limit: number): T[] {
  return items
    .map((item) => ({ item, rank: bestRank(needle, textsOf(item)), name: textsOf(item).find((t) => t) ?? '' }))
    .filter((x) => x.rank < NO_MATCH)
    .sort((a, b) => a.rank - b.rank || a.name.length - b.name.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, limit)
    .map((x) => x.item);
}

const compact = (text: string): string => text.replace(/[^a-z0-9]+/g, '');

/** Spaces and punctuation left out of both ("devtoken" in "Strata Dev Token"): 1 at the start, else 3. */
function compactRank(needle: string, text: string): number {
  const n = compact(needle);
  if (n.length === 0) return NO_MATCH;
  const t = compact(text);
  if (t === n) return 0;
  return t.startsWith(n) ? 1 : t.includes(n) ? 3 : NO_MATCH;
}
