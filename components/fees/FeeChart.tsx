import { bands, barsPath, niceMax, stepPath } from '@/lib/network/chart-paths';
import type { ChartSeries } from '@/lib/network/fee-series';

/** The plot box in user units; the SVG stretches to its container (preserveAspectRatio="none"). */
const W = 1000;
/** Hover bands at most: a native tooltip per band, so 1,024 blocks do not make 1,024 elements per chart. */
const MOST_BANDS = 128;

interface FeeChartProps {
  rows: readonly Record<string, number>[];
  series: readonly ChartSeries[];
  kind: 'step' | 'bar';
  /** The top of the value axis; 'auto': a round value above the largest (niceMax). */
  top: number | 'auto';
  height: number;
  /** A value as the axis and tooltips print it. */
  format: (value: number) => string;
  label: string;
}

/**
 * One fee chart drawn on the server as SVG, per block on the x axis: step lines (a per-block
 * figure holds for its block) or bars. No JavaScript: it draws before any script runs and
 * without JavaScript at all. Axis labels are HTML beside the plot (text in a stretched SVG would
 * stretch too); each band of blocks names its figures in a native tooltip.
 */
export function FeeChart({ rows, series, kind, top, height, format, label }: FeeChartProps) {
  const largest = Math.max(0, ...rows.flatMap((r) => series.map((s) => r[s.key] ?? 0)));
  const max = top === 'auto' ? niceMax(largest) : top;
  const blocks = rows.map((r) => r.block ?? 0);
  const slot = W / Math.max(rows.length, 1);
  const ticks = [max, max / 2, 0];
  const tooltip = (from: number, to: number) => {
    const head = from === to ? `Block ${blocks[from]}` : `Blocks ${blocks[from]}–${blocks[to]}`;
    const lines = series.map((s) => {
      const values = rows.slice(from, to + 1).map((r) => r[s.key]).filter((v): v is number => v !== undefined);
      if (values.length === 0) return `${s.name}: none`;
      const lo = Math.min(...values);
      const hi = Math.max(...values);
      return `${s.name}: ${lo === hi ? format(lo) : `${format(lo)} to ${format(hi)}`}`;
    });
    return [head, ...lines].join('\n');
  };
  return (
    <div>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div className="flex flex-col justify-between text-right text-[11px] leading-none text-muted tabular-nums" style={{ height }} aria-hidden="true">
          {ticks.map((t) => (
            <span key={t}>{format(t)}</span>
          ))}
        </div>
        <svg
          viewBox={`0 0 ${W} ${height}`}
          preserveAspectRatio="none"
          className="w-full border-b border-l border-border"
          style={{ height }}
          role="img"
          aria-label={label}
          data-kind={kind}
        >
          {ticks.slice(0, 2).map((t) => {
            const y = height - (t / max) * height;
            return <line key={t} x1={0} x2={W} y1={y} y2={y} stroke="var(--c-border)" strokeDasharray="3 3" vectorEffect="non-scaling-stroke" />;
          })}
          {series.map((s) => {
            const values = rows.map((r) => r[s.key] ?? null);
            return kind === 'bar' ? (
              <path key={s.key} d={barsPath(values.map((v) => v ?? 0), max, W, height)} fill={s.colour} data-series={s.key} />
            ) : (
              <path key={s.key} d={stepPath(values, max, W, height)} fill="none" stroke={s.colour} strokeWidth={series.length > 1 ? 1.5 : 2} vectorEffect="non-scaling-stroke" data-series={s.key} />
            );
          })}
          {bands(rows.length, MOST_BANDS).map(({ from, to }) => (
            <rect key={from} x={from * slot} y={0} width={(to - from + 1) * slot} height={height} className="fill-transparent hover:fill-fg/10">
              <title>{tooltip(from, to)}</title>
            </rect>
          ))}
        </svg>
        <span />
        <div className="mt-1 flex justify-between text-[11px] text-muted tabular-nums" aria-hidden="true">
          <span>{blocks[0]}</span>
          {blocks.length > 2 ? <span>{blocks[Math.floor(blocks.length / 2)]}</span> : null}
          {blocks.length > 1 ? <span>{blocks.at(-1)}</span> : null}
        </div>
      </div>
      {series.length > 1 ? (
        <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs" data-testid="chart-legend">
          {series.map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span className="inline-block h-0.5 w-4" style={{ background: s.colour }} aria-hidden="true" />
              {s.name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
