/**
 * What the fee page's charts plot, prepared once for both drawings: the server's SVG
 * (components/fees/FeeCharts.tsx) and recharts' (FeeChartsInteractive.tsx) read the same row
 * fields under the same legend names and colours, so the swap from one to the other changes how
 * the charts draw, never what they say. Framework-free.
 */
import { percentileKey } from '@/lib/network/fee-rows';

export interface ChartSeries {
  /** The row field plotted. */
  readonly key: string;
  readonly name: string;
  /** A CSS colour: a theme variable, so both themes read well. */
  readonly colour: string;
}

/** Percentile series colours, in order (repeating past eight percentiles). */
export const PERCENTILE_COLOURS = ['var(--c-region)', 'var(--c-ok)', 'var(--c-prime)', 'var(--c-warn)', 'var(--c-accent)', 'var(--c-zone)', 'var(--c-link)', 'var(--c-bad)'];

export interface FeeSeries {
  readonly baseFee: ChartSeries;
  readonly gasUsed: ChartSeries;
  /** One per percentile asked, in the order asked; empty when none were. */
  readonly rewards: readonly ChartSeries[];
}

export function feeSeries(percentiles: readonly number[]): FeeSeries {
  return {
    baseFee: { key: 'baseFee', name: 'base fee', colour: 'var(--c-accent)' },
    gasUsed: { key: 'gasUsed', name: 'gas used', colour: 'var(--c-region)' },
    rewards: percentiles.map((p, i) => ({ key: percentileKey(p), name: `p${p}`, colour: PERCENTILE_COLOURS[i % PERCENTILE_COLOURS.length] ?? 'var(--c-fg)' })),
  };
}

/** The blocks a chart covers, for its accessible label: "blocks 10 to 19", or "no blocks". */
export function blockRange(rows: readonly Record<string, number>[]): string {
  const first = rows[0]?.block;
  const last = rows.at(-1)?.block;
  return first === undefined ? 'no blocks' : `blocks ${first} to ${last}`;
}
