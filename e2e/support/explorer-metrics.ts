/**
 * Reading an explorer's own counters (/api/metrics, Prometheus text): the tests count renders and
 * cache lookups with them instead of timing anything.
 */

/** The sum of `name`'s samples whose labels include every one of `labels` (`page="/"`, `cache="api-txlist"`…). */
export async function counterSum(origin: string, name: string, ...labels: string[]): Promise<number> {
  const text = await (await fetch(`${origin}/api/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{([^}]*)\})? (\d+(?:\.\d+)?)$/.exec(line);
    if (m?.[1] === name && labels.every((l) => (m[2] ?? '').split(',').includes(l))) total += Number(m[3]);
  }
  return total;
}
