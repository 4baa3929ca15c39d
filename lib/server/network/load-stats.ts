/**
 * Daily counts and the ETX flow from the index, in the API's shapes (README, "Stats API"): counts
 * as numbers (a day's total stays far below 2^53), days as YYYY-MM-DD, times as ISO strings.
 * Without an index (off, opening, unreachable), the reason, for a 503 or the page section.
 */
import { ZONES, type ChainName } from '@/lib/protocol/chains';
import type { Db } from '@/lib/index/drivers/db';
import { dailyCounts, etxFlow } from '@/lib/index/readers/stats-reader';
import { FLOW_PERIODS, type FlowPeriod } from '@/lib/routes/params/stats-params';
import { coalesceByKey } from '@/lib/server/cache/coalesce';
import { readPerVersion } from '@/lib/server/index/index-version';
import type { DailyStatsJson, EtxFlowJson, StatsLoad } from '@/lib/network/stats-json';
import { indexAvailability } from '@/lib/server/index/index-service';

const nowSeconds = (): bigint => BigInt(Math.floor(Date.now() / 1000));
const iso = (seconds: bigint): string => new Date(Number(seconds) * 1000).toISOString();

/**
 * `read` on the index, shared under `key` by every caller until the index's next commit
 * (lib/server/index/index-version.ts; `key` names the question, including the day or hour it
 * depends on); only while in flight when this process does not write the index. Failures are
 * never kept.
 */
async function withIndex<T>(key: string, read: (db: Db) => Promise<T>): Promise<StatsLoad<T>> {
  const index = await indexAvailability();
  if (index.state !== 'ready') return { kind: 'unavailable', state: index.state, reason: index.reason };
  try {
    return { kind: 'ok', value: await readPerVersion(index, `stats:${key}`, () => read(index.db)) };
  } catch (error) {
    return { kind: 'unavailable', state: 'unavailable', reason: `the index did not answer: ${(error as Error).message}` };
  }
}

async function readDaily(db: Db, chain: ChainName, days: number, now: bigint): Promise<DailyStatsJson> {
  const rows = await dailyCounts(db, chain, days, now);
  return {
    chain,
    days: rows.map((d) => ({
      day: d.day, blocks: d.blocks, transactions: Number(d.transactions), etxSent: Number(d.etxSent),
      etxReceived: Number(d.etxReceived), activeAddresses: Number(d.activeAddresses),
    })),
  };
}

/** The last `days` UTC days of one zone, oldest first, today included. */
export function loadDailyStats(chain: ChainName, days: number): Promise<StatsLoad<DailyStatsJson>> {
  const now = nowSeconds();
  return withIndex(`daily:${chain}:${days}:${now / 86_400n}`, (db) => readDaily(db, chain, days, now));
}

/** The same for every zone (the network page's charts). */
export function loadAllDailyStats(days: number): Promise<StatsLoad<readonly DailyStatsJson[]>> {
  const now = nowSeconds();
  return withIndex(`daily:all:${days}:${now / 86_400n}`, (db) => Promise.all(ZONES.map((z) => readDaily(db, z.name, days, now))));
}

/**
 * The 9 × 9 flow of ETXs whose origin block is within the period ending now. Its query grows with
 * the ETXs of the period (docs/indexer.md, "Measured"), so concurrent requests for one period share
 * one query; nothing is kept after it (a send must show on the next load).
 */
export const loadEtxFlow: (period: FlowPeriod) => Promise<StatsLoad<EtxFlowJson>> = coalesceByKey(readFlow, 0, 3);

function readFlow(period: FlowPeriod): Promise<StatsLoad<EtxFlowJson>> {
  // Whole hours (the flow is kept per hour): the current one and those before it.
  const to = (nowSeconds() / 3_600n + 1n) * 3_600n;
  const from = to - FLOW_PERIODS[period];
  return withIndex(`flow:${period}:${to}`, async (db) => {
    const flow = await etxFlow(db, from, to);
    return {
      period, from: iso(flow.from), to: iso(flow.to), zones: flow.zones, counts: flow.sent, delivered: flow.delivered,
      pending: flow.sent.map((row, o) => row.map((n, d) => n - (flow.delivered[o]?.[d] ?? 0))),
    };
  });
}
