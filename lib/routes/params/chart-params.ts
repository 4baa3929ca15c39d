/**
 * Parameters of the chain's charts (`/charts?chain=<zone>&period=<days|hours>` and
 * `GET /api/v1/stats/chain`): a zone and a period, per UTC day over the last 30 days (default) or
 * per hour over the last 48 hours. Bad values are a message for a 400, never an exception.
 * Pure and browser-safe: the route table reads the periods.
 */
import type { Parsed } from './history-params';

export const CHART_PERIODS = ['days', 'hours'] as const;

/** The charts a `series` parameter names (lib/network/chart-series.ts draws each). */
export const SERIES_IDS = ['block-time', 'difficulty', 'gas', 'gas-price', 'uncles', 'blocks', 'transactions', 'etxs', 'addresses'] as const;
export type SeriesId = (typeof SERIES_IDS)[number];
export type ChartPeriod = (typeof CHART_PERIODS)[number];

/** How many buckets each period draws: 30 UTC days, 48 hours. */
export const CHART_BUCKETS: Readonly<Record<ChartPeriod, number>> = { days: 30, hours: 48 };

export function parseChartPeriod(raw: string | null | undefined): Parsed<ChartPeriod> {
  if (raw === null || raw === undefined || raw === '') return { ok: true, value: 'days' };
  if (!(CHART_PERIODS as readonly string[]).includes(raw)) return { ok: false, error: `period must be days or hours, got "${raw.slice(0, 20)}"` };
  return { ok: true, value: raw as ChartPeriod };
}
