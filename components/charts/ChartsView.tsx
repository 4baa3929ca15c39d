import Link from 'next/link';
import { ZonePicker } from '@/components/accounts/ZonePicker';
import { IndexUnavailable } from '@/components/token/IndexUnavailable';
import { getChain, type ChainName } from '@/lib/protocol/chains';
import type { ChartPeriod } from '@/lib/routes/params/chart-params';
import type { ChainStatsLoad, ChainStatsQuery } from '@/lib/server/network/chain-stats';
import type { ChainStatsPoint } from '@/lib/network/chain-stats';
import { CHART_SERIES, type ChartSeries } from '@/lib/network/chart-series';
import { urls } from '@/lib/routes/urls';
import { StatsChartLazy } from './StatsChartLazy';

const PERIODS: Readonly<Record<ChartPeriod, string>> = { days: 'Per UTC day, last 30 days', hours: 'Per hour, last 48 hours' };

/** What a screen reader hears for a chart: its figures' latest value and their range over the period. */
function summary(series: ChartSeries, points: readonly ChainStatsPoint[], period: ChartPeriod): string {
  const parts = series.lines.map((l) => {
    const values = points.map((p) => p[l.key]).filter((v): v is string | number => v !== null).map(Number);
    if (values.length === 0) return `${l.label}: no data`;
    const fmt = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 3 });
    return `${l.label}: latest ${fmt(values.at(-1) as number)}, from ${fmt(Math.min(...values))} to ${fmt(Math.max(...values))}`;
  });
  return `${series.title}, ${PERIODS[period].toLowerCase()}. ${parts.join('; ')}.`;
}

/**
 * The zone's charts, from the index's hourly rollups (never a scan of blocks): block time,
 * difficulty and hash rate, gas, gas price, uncles, blocks, transactions, ETXs, addresses; per UTC
 * day or per hour, each with its CSV.
 */
export function ChartsView({ zones, query, problem, load }: {
  zones: readonly { readonly name: ChainName; readonly label: string }[];
  query: ChainStatsQuery | null;
  problem: string | null;
  load: ChainStatsLoad | null;
}) {
  const chain = query?.chain ?? null;
  const period = query?.period ?? 'days';
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-xl font-semibold">Charts{chain ? ` of ${getChain(chain).label}` : ''}</h1>
        <p className="max-w-3xl text-sm text-muted">
          The zone&apos;s blocks summed per hour by the index as it stores them; a day is the sum of its hours (UTC). Each chart&apos;s CSV holds its figures.
        </p>
        <ZonePicker zones={zones} current={chain} href={(zone) => urls.charts(zone, period)} label="Zone" />
        {chain ? (
          <nav aria-label="Period" className="flex gap-3 text-sm" data-testid="chart-periods">
            {(Object.keys(PERIODS) as ChartPeriod[]).map((p) => (
              <Link key={p} href={urls.charts(chain, p)} prefetch={false} aria-current={p === period ? 'page' : undefined} className={p === period ? 'font-semibold text-fg' : 'text-muted'}>
                {PERIODS[p]}
              </Link>
            ))}
          </nav>
        ) : null}
      </header>
      {problem ? <p role="alert" className="rounded-lg border border-bad/40 bg-surface p-4 text-sm">{problem}</p> : null}
      {load?.kind === 'unavailable' ? <IndexUnavailable state={load.state} reason={load.reason} testId="charts-unavailable" /> : null}
      {load?.kind === 'ok' && chain ? (
        <div className="grid gap-3 lg:grid-cols-2" data-testid="charts">
          {CHART_SERIES.map((series) => (
            <figure key={series.id} className="card min-w-0 p-3" data-testid="stats-chart" data-series={series.id}>
              <figcaption className="mb-2 flex items-baseline justify-between gap-2 text-sm">
                <span className="font-semibold">{series.title}</span>
                <a href={`${urls.api.chainStats(chain, period, 'csv')}&series=${series.id}`} download className="text-xs" data-testid="chart-csv">
                  CSV<span className="sr-only"> of {series.title.toLowerCase()}</span>
                </a>
              </figcaption>
              <div role="img" aria-label={summary(series, load.stats.points, period)}>
                <StatsChartLazy series={series} points={load.stats.points} period={period} />
              </div>
              <p className="mt-1 text-xs text-muted">{series.about[0]?.toUpperCase()}{series.about.slice(1)}.</p>
            </figure>
          ))}
        </div>
      ) : null}
    </div>
  );
}
