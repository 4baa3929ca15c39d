/**
 * The fee page's controls, read from the URL (`?blocks=…&percentiles=…`) so the page works
 * without JavaScript and a chart can be linked. Bad input is refused here, with a message for the
 * reader, before anything reaches the node: `feeHistory` allows at most 1024 blocks (spec §8).
 */

export const MAX_BLOCK_COUNT = 1024;
export const DEFAULT_BLOCK_COUNT = 64;
export const DEFAULT_PERCENTILES: readonly number[] = [10, 50, 90];
/** Our own limit: each percentile is a line on the chart; beyond a handful the chart is unreadable. */
export const MAX_PERCENTILES = 8;

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** The block count: an integer 1..1024; absent or empty means the default. */
export function parseBlockCount(raw: string | undefined | null): Parsed<number> {
  const text = raw?.trim() ?? '';
  if (text === '') return { ok: true, value: DEFAULT_BLOCK_COUNT };
  if (!/^\d+$/.test(text)) {
    return { ok: false, error: `The block count must be a whole number from 1 to ${MAX_BLOCK_COUNT}; "${text}" is not a number.` };
  }
  const n = Number(text);
  if (n < 1 || n > MAX_BLOCK_COUNT) {
    return { ok: false, error: `The block count must be from 1 to ${MAX_BLOCK_COUNT} (the node's feeHistory limit); got ${text}.` };
  }
  return { ok: true, value: n };
}

/**
 * Reward percentiles: comma-separated numbers in 0..100, strictly increasing (the node requires
 * monotonically increasing values); absent means the default, "none" means no reward series.
 */
export function parsePercentiles(raw: string | undefined | null): Parsed<readonly number[]> {
  const text = raw?.trim() ?? '';
  if (text === '') return { ok: true, value: DEFAULT_PERCENTILES };
  if (text.toLowerCase() === 'none') return { ok: true, value: [] };
  const parts = text.split(',').map((p) => p.trim()).filter((p) => p !== '');
  if (parts.length > MAX_PERCENTILES) {
    return { ok: false, error: `At most ${MAX_PERCENTILES} percentiles; got ${parts.length}.` };
  }
  const values: number[] = [];
  for (const part of parts) {
    if (!/^\d+(\.\d+)?$/.test(part)) return { ok: false, error: `"${part}" is not a percentile (a number from 0 to 100).` };
    const v = Number(part);
    if (v > 100) return { ok: false, error: `Percentiles are from 0 to 100; got ${part}.` };
    const prev = values[values.length - 1];
    if (prev !== undefined && v <= prev) {
      return { ok: false, error: `Percentiles must increase (${prev} then ${part}); list them in ascending order without repeats.` };
    }
    values.push(v);
  }
  return { ok: true, value: values };
}

export interface FeeParams {
  readonly blockCount: number;
  readonly percentiles: readonly number[];
}

/** Both controls; the first error wins, and each error names its control. */
export function parseFeeParams(search: { blocks?: string | null; percentiles?: string | null }):
  { ok: true; value: FeeParams } | { ok: false; errors: string[] } {
  const blocks = parseBlockCount(search.blocks);
  const percentiles = parsePercentiles(search.percentiles);
  const errors: string[] = [];
  if (!blocks.ok) errors.push(blocks.error);
  if (!percentiles.ok) errors.push(percentiles.error);
  if (!blocks.ok || !percentiles.ok) return { ok: false, errors };
  return { ok: true, value: { blockCount: blocks.value, percentiles: percentiles.value } };
}

/** The URL query for a set of controls (the inverse of parseFeeParams). */
export function feeQuery(params: FeeParams): string {
  const q = new URLSearchParams();
  q.set('blocks', String(params.blockCount));
  q.set('percentiles', params.percentiles.length ? params.percentiles.join(',') : 'none');
  return q.toString();
}
