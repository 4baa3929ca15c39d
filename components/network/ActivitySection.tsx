import Link from 'next/link';
import { Card } from '@/components/ui/layout/Card';
import { getChain } from '@/lib/protocol/chains';
import { formatInteger } from '@/lib/text/format';
import { FLOW_PERIODS, type FlowPeriod } from '@/lib/routes/params/stats-params';
import type { DailyStatsJson, EtxFlowJson, StatsLoad } from '@/lib/network/stats-json';
import { urls } from '@/lib/routes/urls';
import { DailyChartsLazy } from './DailyChartsLazy';
import { EtxFlowGrid } from './EtxFlowGrid';
import { DataTable } from '@/components/ui/layout/DataTable';

interface Props {
  readonly period: FlowPeriod;
  readonly flow: StatsLoad<EtxFlowJson>;
  readonly daily: StatsLoad<readonly DailyStatsJson[]>;
  readonly days: number;
}

/**
 * The network page's Activity section, from the index: the ETX flow between zones over a chosen
 * period and transactions per day per zone. Without an index it says why; the page goes on.
 */
export function ActivitySection({ period, flow, daily, days }: Props) {
  const unavailable = flow.kind === 'unavailable' ? flow : daily.kind === 'unavailable' ? daily : null;
  return (
    <section id="activity" className="space-y-4" aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="text-lg font-semibold">Activity</h2>
      {unavailable ? (
        <Card>
          <p className="p-4 text-sm text-muted" role="status" data-testid="activity-unavailable">
            Activity comes from the history index, which is {unavailable.state === 'off' ? 'off' : unavailable.state === 'starting' ? 'starting' : 'unavailable'}: {unavailable.reason}.
          </p>
        </Card>
      ) : null}
      {flow.kind === 'ok' ? (
        <Card
          title="ETX flow between zones"
          action={
            <nav aria-label="ETX flow period" className="flex gap-1 text-xs">
              {(Object.keys(FLOW_PERIODS) as FlowPeriod[]).map((p) => (
                <Link
                  key={p}
                  href={urls.networkActivity(p)}
                  scroll={false}
                  aria-current={p === period ? 'page' : undefined}
                  className={`rounded px-2 py-0.5 ${p === period ? 'bg-accent text-accent-fg' : 'border border-border text-link hover:bg-surface-2'}`}
                >
                  {p}
                </Link>
              ))}
            </nav>
          }
        >
          <div className="p-3">
            <p className="mb-2 text-xs text-muted">
              ETXs emitted in the hours from {flow.value.from.replace('T', ' ').slice(0, 16)} to {flow.value.to.replace('T', ' ').slice(0, 16)} UTC, by the
              timestamp of the block that emitted them.
            </p>
            <EtxFlowGrid flow={flow.value} />
          </div>
        </Card>
      ) : null}
      {daily.kind === 'ok' ? (
        <Card title={`Transactions per day, last ${days} days (UTC)`}>
          <div className="p-3">
            <DailyChartsLazy zones={daily.value.map((z) => ({ ...z, label: getChain(z.chain).label }))} />
            <DailyTotals zones={daily.value} />
          </div>
        </Card>
      ) : null}
    </section>
  );
}

/** The charts' figures as a table: totals over the days shown, per zone. */
function DailyTotals({ zones }: { zones: readonly DailyStatsJson[] }) {
  const sum = (z: DailyStatsJson, key: 'transactions' | 'etxSent' | 'etxReceived') => z.days.reduce((a, d) => a + d[key], 0);
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-xs text-link">Totals per zone as a table</summary>
      <DataTable caption="Totals per zone over the period" keyboardScroll className="mt-2 w-full min-w-[22rem] text-xs tabular-nums" testId="daily-totals">
          <thead className="text-left text-muted">
            <tr className="border-b border-border">
              <th scope="col" className="px-2 py-1 font-medium">Zone</th>
              <th scope="col" className="px-2 py-1 text-right font-medium">Transactions</th>
              <th scope="col" className="px-2 py-1 text-right font-medium">ETXs sent</th>
              <th scope="col" className="px-2 py-1 text-right font-medium">ETXs received</th>
              <th scope="col" className="px-2 py-1 text-right font-medium">Busiest day&apos;s active addresses</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {zones.map((z) => (
              <tr key={z.chain} data-chain={z.chain}>
                <th scope="row" className="px-2 py-1 text-left font-normal">{getChain(z.chain).label}</th>
                <td className="px-2 py-1 text-right">{formatInteger(sum(z, 'transactions'))}</td>
                <td className="px-2 py-1 text-right">{formatInteger(sum(z, 'etxSent'))}</td>
                <td className="px-2 py-1 text-right">{formatInteger(sum(z, 'etxReceived'))}</td>
                <td className="px-2 py-1 text-right">{formatInteger(Math.max(0, ...z.days.map((d) => d.activeAddresses)))}</td>
              </tr>
            ))}
          </tbody>
      </DataTable>
    </details>
  );
}
