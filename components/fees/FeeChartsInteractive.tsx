'use client';

import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { feeSeries } from '@/lib/network/fee-series';
import { ChartCard } from './ChartCard';

/** Fees start at zero so a flat series reads as a level, not as noise around it. */
const FROM_ZERO: [number, (dataMax: number) => number] = [0, (dataMax) => (dataMax > 0 ? dataMax * 1.2 : 1)];
const AXIS = { stroke: 'var(--c-muted)', fontSize: 11 } as const;
const TOOLTIP_STYLE = { background: 'var(--c-surface)', border: '1px solid var(--c-border)', color: 'var(--c-fg)', fontSize: 12 } as const;

/** An axis tick in three significant digits: the top of FROM_ZERO's domain is the data's maximum × 1.2, unrounded (3.390433168 overflowed the axis). */
function tick(value: number): string {
  return Number(value.toPrecision(3)).toLocaleString();
}

function gwei(value: unknown): string {
  return typeof value === 'number' ? `${value.toLocaleString(undefined, { maximumFractionDigits: 9 })} gwei` : String(value);
}

interface FeeChartsProps {
  /** Flat rows: { block, baseFee (gwei), gasUsed (percent), p<percentile> (gwei)… }. */
  data: readonly Record<string, number>[];
  percentiles: readonly number[];
}

/**
 * The fee page's three charts drawn by recharts (axes that follow the pointer, a tooltip per
 * block): what ./FeeChartsUpgrade.tsx puts in place of the server's SVG charts (./FeeCharts.tsx,
 * the same data and test ids) once they scroll into view or the reader points at them. Numbers
 * arrive prepared by lib/network/fee-rows.ts on the server.
 */
export function FeeChartsInteractive({ data, percentiles }: FeeChartsProps) {
  const rows = [...data];
  const series = feeSeries(percentiles);
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="fee-charts" data-drawn-by="recharts">
      <ChartCard title="Base fee per gas (gwei)" testId="chart-base-fee">
        <ResponsiveContainer width="100%" height={240}>
          <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="var(--c-border)" strokeDasharray="3 3" />
            <XAxis dataKey="block" tick={AXIS} stroke="var(--c-border)" minTickGap={24} />
            <YAxis tick={AXIS} stroke="var(--c-border)" width={64} domain={FROM_ZERO} tickFormatter={tick} />
            <Tooltip contentStyle={TOOLTIP_STYLE} labelFormatter={(b) => `Block ${String(b)}`} formatter={(v) => gwei(v)} />
            <Line type="stepAfter" dataKey={series.baseFee.key} name={series.baseFee.name} stroke={series.baseFee.colour} dot={false} strokeWidth={2} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title="Gas used / gas limit (%)" testId="chart-gas-used">
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="var(--c-border)" strokeDasharray="3 3" />
            <XAxis dataKey="block" tick={AXIS} stroke="var(--c-border)" minTickGap={24} />
            <YAxis tick={AXIS} stroke="var(--c-border)" width={40} domain={[0, 100]} />
            <Tooltip
              contentStyle={TOOLTIP_STYLE}
              labelFormatter={(b) => `Block ${String(b)}`}
              formatter={(v) => (typeof v === 'number' ? `${v.toFixed(2)}%` : String(v))}
            />
            <Bar dataKey={series.gasUsed.key} name={series.gasUsed.name} fill={series.gasUsed.colour} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      {series.rewards.length > 0 ? (
        <ChartCard title="Priority fee paid, by percentile (gwei)" testId="chart-rewards" wide>
          <ResponsiveContainer width="100%" height={260}>
            <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
              <CartesianGrid stroke="var(--c-border)" strokeDasharray="3 3" />
              <XAxis dataKey="block" tick={AXIS} stroke="var(--c-border)" minTickGap={24} />
              <YAxis tick={AXIS} stroke="var(--c-border)" width={64} domain={FROM_ZERO} tickFormatter={tick} />
              <Tooltip contentStyle={TOOLTIP_STYLE} labelFormatter={(b) => `Block ${String(b)}`} formatter={(v) => gwei(v)} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              {series.rewards.map((s) => (
                <Line
                  key={s.key}
                  // Per-block figures: a step per block, not a spline that invents values between blocks.
                  type="stepAfter"
                  dataKey={s.key}
                  name={s.name}
                  stroke={s.colour}
                  dot={false}
                  strokeWidth={1.5}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </ChartCard>
      ) : null}
    </div>
  );
}
