/**
 * The resolver of `/network` (lib/routes/resolver.ts): every configured chain as its node sees
 * itself (./load-network.ts), the index's status, the activity (the ETX flow over `?period=`, the
 * daily counts) and the database viewer (`?db=`, `?property=`; those forms are answered per
 * request, lib/routes/table.ts).
 */
import { DEFAULT_DAYS, DEFAULT_FLOW_PERIOD, isFlowPeriod, type FlowPeriod } from '@/lib/routes/params/stats-params';
import { found, type Resolver } from '@/lib/routes/resolver';
import { loadIndexStatus } from '@/lib/server/history/load-index-status';
import { loadAllDailyStats, loadEtxFlow } from '@/lib/server/network/load-stats';
import { loadChaindb } from './load-chaindb';
import { loadNetwork } from './load-network';

export interface NetworkPageView {
  readonly rows: Awaited<ReturnType<typeof loadNetwork>>;
  readonly index: Awaited<ReturnType<typeof loadIndexStatus>>;
  readonly period: FlowPeriod;
  readonly flow: Awaited<ReturnType<typeof loadEtxFlow>>;
  readonly daily: Awaited<ReturnType<typeof loadAllDailyStats>>;
  readonly days: number;
  readonly dbChain: string | undefined;
  readonly property: string;
  readonly chaindb: Awaited<ReturnType<typeof loadChaindb>>;
}

export const resolveNetwork: Resolver<NetworkPageView> = async ({ query }) => {
  const dbChain = query.get('db') ?? undefined;
  const property = query.get('property')?.trim() || 'leveldb.stats';
  const asked = query.get('period') ?? '';
  // An unknown period falls back to the default rather than failing the whole page.
  const period = isFlowPeriod(asked) ? asked : DEFAULT_FLOW_PERIOD;
  const [rows, chaindb, index, flow, daily] = await Promise.all([
    loadNetwork(), loadChaindb(dbChain, property), loadIndexStatus(), loadEtxFlow(period), loadAllDailyStats(DEFAULT_DAYS),
  ]);
  return found({ rows, index, period, flow, daily, days: DEFAULT_DAYS, dbChain, property, chaindb });
};
