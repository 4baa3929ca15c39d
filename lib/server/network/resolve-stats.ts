/**
 * The resolvers of the statistics API (lib/routes/resolver.ts): `/api/v1/etx/flow` (the ETX flow
 * between zones over `?period=`) and `/api/v1/stats/daily` (a zone's daily counts, `?chain=` and
 * `?days=`), from the index.
 */
import { parseDays, parseFlowPeriod, parseZone } from '@/lib/routes/params/stats-params';
import { answered, type JsonAnswer, type Resolver } from '@/lib/routes/resolver';
import { loadDailyStats, loadEtxFlow } from './load-stats';

export const resolveEtxFlowApi: Resolver<JsonAnswer> = async ({ query }) => {
  const period = parseFlowPeriod(query.get('period'));
  if (!period.ok) return answered({ status: 400, body: { error: period.error } });
  const load = await loadEtxFlow(period.value);
  if (load.kind === 'unavailable') return answered({ status: 503, body: { error: load.reason, index: load.state } });
  return answered({ status: 200, body: load.value, headers: { 'Cache-Control': 'no-store' } });
};

export const resolveDailyStatsApi: Resolver<JsonAnswer> = async ({ query }) => {
  const chain = parseZone(query.get('chain'));
  if (!chain.ok) return answered({ status: 400, body: { error: chain.error } });
  const days = parseDays(query.get('days'));
  if (!days.ok) return answered({ status: 400, body: { error: days.error } });
  const load = await loadDailyStats(chain.value, days.value);
  if (load.kind === 'unavailable') return answered({ status: 503, body: { error: load.reason, index: load.state } });
  return answered({ status: 200, body: load.value, headers: { 'Cache-Control': 'no-store' } });
};
