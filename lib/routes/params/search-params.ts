/** A page's `searchParams` (Next's record of strings or arrays) as URLSearchParams, the first value of a repeated name. */
export function searchOf(record: Readonly<Record<string, string | string[] | undefined>>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(record)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) search.set(name, first);
  }
  return search;
}
