/**
 * SVG geometry for the explorer's small charts (fees, the home page's sparkline): paths in a
 * plot box of `width` × `height` user units, drawn with `preserveAspectRatio="none"` so the box
 * stretches to its container without JavaScript. Pure and browser-safe.
 *
 * Why not recharts: it is about 100 KB of gzipped JavaScript and drew nothing before the browser
 * measured its container; these charts are drawn on the server (the fee page) or by a few lines
 * of a client component (the sparkline), so the home and fee pages stay within their budgets
 * (docs/performance.md).
 */

/** Where value `v` sits vertically in a box of `height`, with `max` at the top and 0 at the bottom. */
function yOf(v: number, max: number, height: number): number {
  const clamped = Math.min(Math.max(v, 0), max);
  return round(height - (clamped / max) * height);
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * A step line ("step after"): each value holds for its own slot of width `width / values.length`,
 * so a per-block figure is a level for that block, not a slope invented between blocks. Missing
 * values (null) break the line. '' when there is nothing to draw.
 */
export function stepPath(values: readonly (number | null)[], max: number, width: number, height: number): string {
  const slot = width / Math.max(values.length, 1);
  let d = '';
  let drawing = false;
  values.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) {
      drawing = false;
      return;
    }
    const y = yOf(v, max, height);
    const x0 = round(i * slot);
    const x1 = round((i + 1) * slot);
    d += drawing ? `V${y}H${x1}` : `M${x0} ${y}H${x1}`;
    drawing = true;
  });
  return d;
}

/** One path of bars, one per value, each in its slot with a small gap when the slots are wide enough. */
export function barsPath(values: readonly number[], max: number, width: number, height: number): string {
  const slot = width / Math.max(values.length, 1);
  const gap = slot > 4 ? slot * 0.15 : 0;
  let d = '';
  values.forEach((v, i) => {
    if (!Number.isFinite(v) || v <= 0) return;
    const y = yOf(v, max, height);
    d += `M${round(i * slot + gap / 2)} ${height}V${y}h${round(slot - gap)}V${height}z`;
  });
  return d;
}

/**
 * The top of the value axis: at least `max × 1.1` (a flat series reads as a level, not as noise
 * around it), rounded up to 1, 2, 2.5 or 5 times a power of ten so the axis labels are round.
 * 1 when there is nothing above zero.
 */
export function niceMax(max: number): number {
  if (!(max > 0) || !Number.isFinite(max)) return 1;
  const target = max * 1.1;
  const power = 10 ** Math.floor(Math.log10(target));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= target) ?? 10;
  return step * power;
}

/**
 * Hover bands for native tooltips: at most `most` bands over `count` slots, each covering
 * consecutive slots [from, to] (inclusive). With few slots, one band per slot.
 */
export function bands(count: number, most: number): Array<{ from: number; to: number }> {
  const size = Math.max(1, Math.ceil(count / Math.max(most, 1)));
  const out: Array<{ from: number; to: number }> = [];
  for (let from = 0; from < count; from += size) out.push({ from, to: Math.min(count, from + size) - 1 });
  return out;
}
