import { niceMax, stepPath } from '@/lib/network/chart-paths';

const W = 320;
const H = 64;

/**
 * The home page's base-fee line: a step per block in a plain SVG that stretches to its box (no
 * recharts: about 100 KB of JavaScript for one line put the home page over its budget). Hovering
 * the chart names the range; the figures are in the tooltip of each block's band.
 */
export function SparklineChart({ rows }: { rows: ReadonlyArray<{ block: number; baseFee: number }> }) {
  const max = niceMax(Math.max(...rows.map((r) => r.baseFee)));
  const first = rows[0];
  const last = rows.at(-1);
  const slot = W / Math.max(rows.length, 1);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      className="h-16 w-full overflow-visible"
      role="img"
      aria-label={first && last ? `Base fee from block ${first.block} to ${last.block}, latest ${last.baseFee} gwei` : 'Base fee'}
      data-testid="sparkline"
    >
      <path d={stepPath(rows.map((r) => r.baseFee), max, W, H - 2)} fill="none" stroke="var(--c-accent)" strokeWidth={1.5} vectorEffect="non-scaling-stroke" data-series="baseFee" />
      {rows.map((r, i) => (
        <rect key={r.block} x={i * slot} y={0} width={slot} height={H} className="fill-transparent hover:fill-fg/10">
          <title>{`Block ${r.block}: ${r.baseFee} gwei`}</title>
        </rect>
      ))}
    </svg>
  );
}
