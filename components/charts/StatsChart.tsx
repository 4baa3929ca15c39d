'use client';

import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartPeriod } from '@/lib/routes/params/chart-params';
import type { ChainStatsPoint } from '@/lib/network/chain-stats';
import type { ChartSeries } from '@/lib/network/chart-series';

const AXIS = { stroke: 'var(--c-muted)', fontSize: 10 } as const;
const TOOLTIP_STYLE = { background: 'var(--c-surface)', border: '1px solid var(--c-border)', color: 'var(--c-fg)', fontSize: 12 } as const;
const COLORS = ['var(--c-zone)', 'var(--c-region)', 'var(--c-prime)'] as const;

/** A figure as a chart plots it: large numbers lose digits past 2^53, which a chart never shows. */
const plotted = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** Short axis numbers: 1.2k, 3.4M, 5.6G. */
function compact(value: number): string {
  return Math.abs(value) >= 1000 ? new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value) : String(Math.round(value * 100) / 100);
}

/**
 * One chart of the zone's statistics (a line or bar per figure of `series`, a second axis for a
 * figure of another scale). Drawn inside the page's `role="img"` box, which says in words what it
 * shows: recharts' keyboard layer (a focusable `role="application"`) is off, as nothing may be
 * focusable inside an image; the figures themselves are in the chart's CSV.
 */
export function StatsChart({ series, points, period }: { series: ChartSeries; points: readonly ChainStatsPoint[]; period: ChartPeriod }) {
  const rows = points.map((p) => ({
    at: period === 'days' ? p.start.slice(5, 10) : `${p.start.slice(11, 13)}:00`,
    ...Object.fromEntries(series.lines.map((l) => [l.key, plotted(p[l.key])])),
  }));
  const right = series.lines.some((l) => l.right);
  const axes = (
    <>
      <CartesianGrid stroke="var(--c-border)" strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="at" tick={AXIS} stroke="var(--c-border)" minTickGap={16} />
      <YAxis yAxisId="left" tick={AXIS} stroke="var(--c-border)" width={44} tickFormatter={compact} tickCount={4} />
      {right ? <YAxis yAxisId="right" orientation="right" tick={AXIS} stroke="var(--c-border)" width={44} tickFormatter={compact} tickCount={4} /> : null}
      <Tooltip
        contentStyle={TOOLTIP_STYLE}
        labelFormatter={(at) => `${String(at)} (UTC)`}
        formatter={(value, name) => [typeof value === 'number' ? value.toLocaleString('en-US', { maximumFractionDigits: 4 }) : String(value), name]}
      />
      <Legend wrapperStyle={{ fontSize: 11 }} />
    </>
  );
  return (
    <ResponsiveContainer width="100%" height={200}>
      {series.kind === 'bar' ? (
        <BarChart data={rows} margin={{ top: 4, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
          {axes}
          {series.lines.map((l, i) => (
            <Bar key={l.key} dataKey={l.key} name={l.label} yAxisId={l.right ? 'right' : 'left'} fill={COLORS[i % COLORS.length]} isAnimationActive={false} />
          ))}
        </BarChart>
      ) : (
        <LineChart data={rows} margin={{ top: 4, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
          {axes}
          {series.lines.map((l, i) => (
            <Line
              key={l.key} type="monotone" dataKey={l.key} name={l.label} yAxisId={l.right ? 'right' : 'left'} stroke={COLORS[i % COLORS.length]}
              dot={false} strokeWidth={2} connectNulls isAnimationActive={false}
            />
          ))}
        </LineChart>
      )}
    </ResponsiveContainer>
  );
}
