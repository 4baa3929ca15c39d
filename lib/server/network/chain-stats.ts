/**
 * A zone's chain statistics (`GET /api/v1/stats/chain` and the /charts page): their knowledge in
 * one place. Parsing (a zone, the first configured one by default; `period` days or hours;
 * `format=csv` with an optional `series`), the read of the index's rollups (shared per index
 * version and bucket: one query per commit), and the answer: `{ chain, period, points }` oldest
 * first (lib/network/chain-stats.ts), or the CSV of every figure or of one chart's; 400 for a bad
 * parameter, 503 without an index. The routes' resolvers (lib/routes/resolver.ts) are resolveCharts
 * and resolveChainStatsApi.
 */
import type { ChainName } from '@/lib/protocol/chains';
import { dailyStats, hourlyStats } from '@/lib/index/readers/chain-stats-reader';
import { CHART_BUCKETS, parseChartPeriod, type ChartPeriod } from '@/lib/routes/params/chart-params';
import type { Parsed } from '@/lib/routes/params/history-params';
import { parseZone } from '@/lib/routes/params/stats-params';
import { defaultAccountsZone, zoneChoices } from '@/lib/server/accounts/top-accounts';
import { readPerVersion } from '@/lib/server/index/index-version';
import { indexAvailability } from '@/lib/server/index/index-service';
import { answered, found, streamed, type JsonAnswer, type Resolver, type StreamAnswer } from '@/lib/routes/resolver';
import { chainStatsPoint, type ChainStatsJson } from '@/lib/network/chain-stats';
import { CHART_SERIES, statsCsv, type ChartSeries } from '@/lib/network/chart-series';

export interface ChainStatsQuery {
  readonly chain: ChainName;
  readonly period: ChartPeriod;
}

export function parseChainStatsQuery(search: URLSearchParams): Parsed<ChainStatsQuery> {
  const raw = search.get('chain');
  const chain = raw === null || raw === '' ? ({ ok: true, value: defaultAccountsZone() } as const) : parseZone(raw);
  if (!chain.ok) return chain;
  const period = parseChartPeriod(search.get('period'));
  if (!period.ok) return period;
  return { ok: true, value: { chain: chain.value, period: period.value } };
}

export type ChainStatsLoad =
  | { readonly kind: 'ok'; readonly stats: ChainStatsJson }
  | { readonly kind: 'unavailable'; readonly state: 'off' | 'starting' | 'unavailable'; readonly reason: string };

/** The last 30 UTC days (today included) or the last 48 hours (this one included), oldest first. */
export async function loadChainStats(query: ChainStatsQuery): Promise<ChainStatsLoad> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'unavailable', state: index.state, reason: index.reason };
  const now = Math.floor(Date.now() / 1000);
  const buckets = CHART_BUCKETS[query.period];
  const last = query.period === 'days' ? Math.floor(now / 86_400) : Math.floor(now / 3_600);
  try {
    const stats = await readPerVersion(index, `chain-stats:${query.chain}:${query.period}:${last}`, async (): Promise<ChainStatsJson> => {
      const rows = query.period === 'days'
        ? await dailyStats(index.db, query.chain, last - buckets + 1, last)
        : await hourlyStats(index.db, query.chain, last - buckets + 1, last);
      return { chain: query.chain, period: query.period, points: rows.map(chainStatsPoint) };
    });
    return { kind: 'ok', stats };
  } catch (error) {
    return { kind: 'unavailable', state: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
}

/** What /charts draws: the zones it offers, the query (or what is wrong with it) and the rollups read. */
export interface ChartsPageView {
  readonly zones: ReturnType<typeof zoneChoices>;
  readonly query: ChainStatsQuery | null;
  readonly problem: string | null;
  readonly load: ChainStatsLoad | null;
}

/** `/charts`: kept per index version, the page that read the rollups (a bad query or no index says so, never kept). */
export const resolveCharts: Resolver<ChartsPageView> = async ({ query: search }) => {
  const query = parseChainStatsQuery(search);
  const load = query.ok ? await loadChainStats(query.value) : null;
  return found(
    { zones: zoneChoices(), query: query.ok ? query.value : null, problem: query.ok ? null : query.error, load },
    { keep: load?.kind === 'ok' },
  );
};

/** GET /api/v1/stats/chain (the route is a thin wrapper; kept per index version by the page cache). */
export const resolveChainStatsApi: Resolver<JsonAnswer | StreamAnswer> = async ({ query: search }) => {
  const query = parseChainStatsQuery(search);
  if (!query.ok) return answered({ status: 400, body: { error: query.error } });
  const format = search.get('format');
  if (format !== null && format !== 'csv' && format !== 'json') return answered({ status: 400, body: { error: `format must be json or csv, got "${format.slice(0, 20)}"` } });
  const seriesId = search.get('series');
  const series: ChartSeries | undefined = seriesId === null ? undefined : CHART_SERIES.find((s) => s.id === seriesId);
  if (seriesId !== null && !series) return answered({ status: 400, body: { error: `series must be one of ${CHART_SERIES.map((s) => s.id).join(', ')}` } });
  const load = await loadChainStats(query.value);
  if (load.kind === 'unavailable') return answered({ status: 503, body: { error: load.reason, index: load.state } });
  if (format === 'csv') {
    const name = `${query.value.chain}-${series?.id ?? 'stats'}-${query.value.period}.csv`;
    // Whole in memory (a few dozen rows), so kept per index version like the JSON.
    return streamed(
      {
        status: 200,
        stream: statsCsv(load.stats.points, series),
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store' },
      },
      { keep: true },
    );
  }
  return answered({ status: 200, body: load.stats, headers: { 'Cache-Control': 'no-store' } });
};
